import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { ReportMonitor } from '@portal/domain/api/partners';
import type { CategoryRow } from '@portal/domain/api/report-categories';
import { type ReportAlertInput, reportAlertProblems } from '@portal/domain/monitors/admin-report-alert';
import { useState } from 'react';
import { post, put } from '../../api/api.js';
import {
  type FieldErrors,
  failureMessage,
  isLeaving,
  serverFieldErrors,
  toFieldErrors,
} from '../../components/form/form-errors.js';
import { OwnersNote } from './AlertEditor.js';
import { cleanAlert, ScheduleFields } from './ScheduleFields.js';

// Adds or changes one report alert on /admin/report-alerts (POST /api/report-monitors, PUT
// /api/report-monitors/{reportMonitorId}). Alerts belong to EXT partners; the server checks that
// the partner has the category in that frequency type.

type MonitorDialogProps = {
  categories: CategoryRow[];
  monitor: ReportMonitor | null;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
};

export function MonitorDialog({ categories, monitor, onSaved, onClose }: MonitorDialogProps) {
  const [partnerCode, setPartnerCode] = useState(monitor?.partnerCode ?? '');
  const [alert, setAlert] = useState<ReportAlertInput>(
    monitor ?? { categoryCode: '', frequencyTypeCode: '', frequencyDay: null, frequencyNumber: null },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const category = categories.find((c) => c.code === alert.categoryCode);

  async function save() {
    const found = toFieldErrors(reportAlertProblems(alert));
    if (partnerCode.trim() === '') found.partnerCode = MESSAGES.required;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = { partnerCode: partnerCode.trim(), ...cleanAlert(alert) };
      if (monitor) await put(`/api/report-monitors/${monitor.reportMonitorId}`, body);
      else await post('/api/report-monitors', body);
      await onSaved();
      onClose();
    } catch (error) {
      if (isLeaving(error)) return;
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(failureMessage(error));
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={monitor ? 'Edit report alert' : 'Add report alert'} centered>
      <Stack>
        <TextInput
          label="Partner Code (EXT)"
          required
          disabled={monitor !== null}
          value={partnerCode}
          error={errors.partnerCode}
          onChange={(e) => setPartnerCode(e.currentTarget.value)}
        />
        <Select
          label="Report Category"
          required
          searchable
          data={categories.map((c) => ({ value: c.code, label: c.name }))}
          value={alert.categoryCode || null}
          error={errors.categoryCode}
          onChange={(value) => setAlert({ ...alert, categoryCode: value ?? '', frequencyTypeCode: '' })}
        />
        {category && (
          <>
            <ScheduleFields
              alert={alert}
              frequencyTypes={category.frequencyTypes}
              errors={errors}
              onChange={setAlert}
            />
            <OwnersNote ownerEmails={category.ownerEmails} />
          </>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
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
