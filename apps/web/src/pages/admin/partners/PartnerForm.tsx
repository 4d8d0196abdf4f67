import { Alert, Select, Stack, TextInput } from '@mantine/core';
import { alertsEnabledFor, partnerProblems } from '@portal/domain/admin/admin-partner';
import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';
import {
  type AlertRow,
  alertChanges,
  EMPTY_ALERT_QUEUE,
  queueAlert,
  queueAlertDelete,
  visibleAlerts,
} from '@portal/domain/monitors/alert-queue';
import { type FormEvent, useState } from 'react';
import { post, put } from '../../../api/api.js';
import { FormActions } from '../../../components/form/FormActions.js';
import { failureMessage, toFieldErrors } from '../../../components/form/form-errors.js';
import { useAdminSave } from '../../../components/form/use-admin-save.js';
import { AlertEditor } from '../../monitors/AlertEditor.js';
import { AlertList } from './AlertList.js';
import { CategoryPicker } from './CategoryPicker.js';
import {
  categoryFrequencies,
  type PartnerFormState,
  savedAlerts,
  toPartnerInput,
} from './partner-form-state.js';
import type { CatalogCategory, PartnerReference, ReportMonitor } from './partners-api.js';

// SPEC.md §2 and §5 Partner form: access type, code and name (type and code locked on edit), the
// categories with their frequency types, and the report alerts. Alert changes are queued here and
// sent with the save (§4); if the save fails, the form keeps everything and says what failed.

type PartnerFormProps = {
  mode: 'create' | 'edit';
  reference: PartnerReference;
  initial: PartnerFormState;
  monitors: ReportMonitor[];
};

type Editing = { category: CatalogCategory; row: AlertRow | null };

export function PartnerForm({ mode, reference, initial, monitors }: PartnerFormProps) {
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list: '/admin/partners',
    forget: ['/api/admin/partners', '/api/report-monitors'],
    what: 'partner',
  });
  const [state, setState] = useState(initial);
  const [queue, setQueue] = useState(EMPTY_ALERT_QUEUE);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const saved = savedAlerts(monitors);
  const selectedCodes = state.categories.map((c) => c.code);
  const rows = visibleAlerts(saved, queue, selectedCodes);
  const alertsEnabled = alertsEnabledFor(state.type);
  const categoryOf = (code: string) => reference.categories.find((c) => c.code === code)!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = partnerProblems(toPartnerInput(state));
    setErrors(toFieldErrors(problems));
    if (problems.length > 0) return;
    const body = { ...toPartnerInput(state), reportAlertChanges: alertChanges(queue, selectedCodes) };
    await save(
      () => (mode === 'create' ? post('/api/partners', body) : put('/api/partners', body)),
      // Field errors land on their fields, and a failed alert change names itself; nothing was
      // saved and the queue is kept for another try.
      (error) => setFailure(failureMessage(error)),
    );
  }

  function saveAlert(alert: ReportAlertInput) {
    setQueue((q) => queueAlert(q, editing?.row?.key ?? null, alert));
    setEditing(null);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760}>
        <Select
          label="Access Type"
          required
          disabled={mode === 'edit'}
          data={reference.accessTypes.map((a) => ({ value: a.code, label: `${a.code} (${a.name})` }))}
          value={state.type || null}
          error={errors.type}
          onChange={(value) => setState({ ...state, type: value ?? '' })}
        />
        <TextInput
          label="Partner Code"
          required
          disabled={mode === 'edit'}
          value={state.code}
          error={errors.code}
          onChange={(event) => setState({ ...state, code: event.currentTarget.value })}
        />
        <TextInput
          label="Partner Name"
          required
          value={state.name}
          error={errors.name}
          onChange={(event) => setState({ ...state, name: event.currentTarget.value })}
        />
        <CategoryPicker
          catalog={reference.categories}
          state={state}
          errors={errors}
          alertsEnabled={alertsEnabled}
          onChange={setState}
          onAddAlert={(category) => setEditing({ category, row: null })}
        />
        {alertsEnabled && (
          <AlertList
            rows={rows}
            catalog={reference.categories}
            pendingDeletes={queue.deletes.length}
            onEdit={(row) => setEditing({ category: categoryOf(row.categoryCode), row })}
            onRemove={(row) => setQueue((q) => queueAlertDelete(q, row.key))}
          />
        )}
        {failure && (
          <Alert color="red" title="The partner was not saved" role="alert">
            {failure}
          </Alert>
        )}
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
      {editing && (
        <AlertEditor
          category={editing.category}
          frequencyTypes={editing.category.frequencyTypes.filter((f) =>
            state.categories.find((c) => c.code === editing.category.code)?.frequencyTypes.includes(f.code),
          )}
          partner={categoryFrequencies(state)}
          initial={editing.row}
          onSave={saveAlert}
          onClose={() => setEditing(null)}
        />
      )}
    </form>
  );
}
