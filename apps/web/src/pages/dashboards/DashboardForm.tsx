import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DASHBOARD_TYPE_NAMES, DASHBOARD_TYPES, MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { ApiError, post, put } from '../../api/api.js';
import type { Dashboard } from './dashboard-api.js';

// The add and edit form of /admin/dashboards (SPEC.md §5 Dashboard): access type, partner, name
// and URL required, content type optional. The server removes the URL's host and refuses an
// unsafe URL; its reason shows under the field and nothing is saved.
type Values = {
  accessTypeCode: string;
  partnerCode: string;
  dashboardName: string;
  dashboardDescription: string;
  dashboardUrl: string;
  dashboardType: string;
  dashboardContentType: string;
};
type Errors = Partial<Record<keyof Values, string>>;

const SERVER_FIELDS: Record<string, keyof Values> = {
  'partner.type': 'accessTypeCode',
  'partner.code': 'partnerCode',
  dashboardName: 'dashboardName',
  dashboardUrl: 'dashboardUrl',
  dashboardType: 'dashboardType',
};

function initialValues(dashboard: Dashboard | null): Values {
  return {
    accessTypeCode: dashboard?.partner.type ?? 'EXT',
    partnerCode: dashboard?.partner.code ?? '',
    dashboardName: dashboard?.dashboardName ?? '',
    dashboardDescription: dashboard?.dashboardDescription ?? '',
    dashboardUrl: dashboard?.dashboardUrl ?? '',
    dashboardType: dashboard?.dashboardType ?? 'RSTUDIO',
    dashboardContentType: dashboard?.dashboardContentType ?? '',
  };
}

function requiredErrors(values: Values): Errors {
  const errors: Errors = {};
  for (const field of [
    'accessTypeCode',
    'partnerCode',
    'dashboardName',
    'dashboardUrl',
    'dashboardType',
  ] as const) {
    if (!values[field].trim()) errors[field] = MESSAGES.required;
  }
  return errors;
}

type DashboardFormProps = {
  /** The dashboard being edited, or null to add one. */
  dashboard: Dashboard | null;
  accessTypes: string[];
  onClose: () => void;
  onSaved: () => void;
};

export function DashboardForm({ dashboard, accessTypes, onClose, onSaved }: DashboardFormProps) {
  const [values, setValues] = useState(() => initialValues(dashboard));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  async function save() {
    const missing = requiredErrors(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = {
      dashboardName: values.dashboardName,
      dashboardDescription: values.dashboardDescription,
      dashboardUrl: values.dashboardUrl,
      dashboardType: values.dashboardType,
      dashboardContentType: values.dashboardContentType || null,
      partner: { type: values.accessTypeCode, code: values.partnerCode },
    };
    setSaving(true);
    try {
      if (dashboard) await put(`/api/dashboards/${dashboard.dashboardId}`, body);
      else await post('/api/dashboards', body);
      onSaved();
    } catch (error) {
      const problem =
        error instanceof ApiError
          ? (error.body as { message?: string; field?: string } | undefined)
          : undefined;
      const target = SERVER_FIELDS[problem?.field ?? ''];
      if (target && problem?.message) setErrors({ [target]: problem.message });
      else console.error('Saving the dashboard failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={dashboard ? 'Edit Dashboard' : 'Add Dashboard'} centered size="lg">
      <Stack gap="sm">
        <Group grow>
          <Select
            label="Access Type"
            required
            data={accessTypes}
            // null, not '': a select given '' keeps showing the option it had.
            value={values.accessTypeCode || null}
            error={errors.accessTypeCode}
            onChange={(value) => setValues({ ...values, accessTypeCode: value ?? '' })}
          />
          <TextInput label="Partner Code" required {...field('partnerCode')} />
        </Group>
        <TextInput label="Name" required {...field('dashboardName')} />
        <Textarea label="Description" autosize minRows={2} {...field('dashboardDescription')} />
        <Select
          label="Dashboard Type"
          required
          data={DASHBOARD_TYPES.map((type) => ({ value: type, label: DASHBOARD_TYPE_NAMES[type] }))}
          value={values.dashboardType || null}
          error={errors.dashboardType}
          onChange={(value) => setValues({ ...values, dashboardType: value ?? '' })}
        />
        <TextInput
          label="URL"
          required
          description="RStudio: /content/…; Tableau: /t/…; QuickSight: an embed address; ThoughtSpot: the pinboard id. The host is removed on save."
          {...field('dashboardUrl')}
        />
        <TextInput label="Content Type" {...field('dashboardContentType')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
