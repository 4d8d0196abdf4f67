import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CodeName } from '@portal/domain/api/common';
import {
  type PartnerCategoryFrequencies,
  type ReportAlertInput,
  reportAlertProblems,
} from '@portal/domain/monitors/admin-report-alert';
import { useState } from 'react';
import { type FieldErrors, toFieldErrors } from '../../components/form/form-errors.js';
import { cleanAlert, ScheduleFields } from './ScheduleFields.js';

// The report alert editor (SPEC.md §5 Report alert). It shows who the alert goes to: the
// category's owners, or a note that no alert will be sent.

type AlertEditorProps = {
  category: { code: string; name: string; ownerEmails: string[] };
  /** The frequency types the partner receives in this category (the alert's choices). */
  frequencyTypes: CodeName[];
  partner?: PartnerCategoryFrequencies;
  initial: ReportAlertInput | null;
  onSave: (alert: ReportAlertInput) => void | Promise<void>;
  onClose: () => void;
  /** Shown above the buttons (the server's refusal, on the report alerts page). */
  failure?: string | null;
};

export const NO_ALERT_NOTE = 'This report category has no owner emails, so no alert will be sent.';

export function OwnersNote({ ownerEmails }: { ownerEmails: string[] }) {
  return ownerEmails.length > 0 ? (
    <Text size="sm">
      If the report is not uploaded, an alert is sent at 10:00 AM EST to: {ownerEmails.join(', ')}
    </Text>
  ) : (
    <Alert color="yellow">{NO_ALERT_NOTE}</Alert>
  );
}

export function AlertEditor({
  category,
  frequencyTypes,
  partner,
  initial,
  onSave,
  onClose,
  failure,
}: AlertEditorProps) {
  const [alert, setAlert] = useState<ReportAlertInput>(
    initial ?? {
      categoryCode: category.code,
      frequencyTypeCode: '',
      frequencyDay: null,
      frequencyNumber: null,
    },
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save() {
    const problems = reportAlertProblems(alert, partner);
    setErrors(toFieldErrors(problems));
    if (problems.length === 0) await onSave(cleanAlert({ ...alert, categoryCode: category.code }));
  }

  return (
    <Modal opened onClose={onClose} title={`Report alert: ${category.name}`} centered>
      <Stack>
        <ScheduleFields alert={alert} frequencyTypes={frequencyTypes} errors={errors} onChange={setAlert} />
        <OwnersNote ownerEmails={category.ownerEmails} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>{initial ? 'Update alert' : 'Add alert'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
