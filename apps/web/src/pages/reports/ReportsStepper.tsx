import { Stepper } from '@mantine/core';
import type { PageName } from '@portal/domain';
import { useNavigate, useParams } from 'react-router-dom';
import { pathOf } from '../../components/paths.js';

const STEPS: { label: string; page: PageName }[] = [
  { label: 'Partner', page: 'partners' },
  { label: 'Report Category', page: 'reportCategories' },
  { label: 'Reports', page: 'reports' },
];

/** SPEC.md §2: stepper breadcrumbs through partner, category and reports; earlier steps link back. */
export function ReportsStepper({ active }: { active: 0 | 1 | 2 }) {
  const params = useParams();
  const navigate = useNavigate();
  return (
    <Stepper
      active={active}
      size="sm"
      allowNextStepsSelect={false}
      onStepClick={(step) => {
        const target = STEPS[step];
        if (target !== undefined && step < active) navigate(pathOf(target.page, params));
      }}
    >
      {STEPS.map((step, index) => (
        <Stepper.Step
          key={step.label}
          label={step.label}
          description={index === 0 ? params.partnerCode : index === 1 ? params.reportCategoryCode : undefined}
        />
      ))}
    </Stepper>
  );
}
