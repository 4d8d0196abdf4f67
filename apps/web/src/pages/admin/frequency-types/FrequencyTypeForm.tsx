import { Stack, TextInput } from '@mantine/core';
import {
  type FrequencyTypeInput,
  frequencyTypeProblems,
  normalizeFrequencyType,
} from '@portal/domain/admin/admin-frequency-type';
import { type FormEvent, useState } from 'react';
import { post, put } from '../../../api/api.js';
import { FormActions } from '../../../components/form/FormActions.js';
import { toFieldErrors } from '../../../components/form/form-errors.js';
import { useAdminSave } from '../../../components/form/use-admin-save.js';

/** SPEC.md §5 Frequency type: code and name required and unique; code locked on edit. */
export function FrequencyTypeForm({
  mode,
  initial,
}: {
  mode: 'create' | 'edit';
  initial: FrequencyTypeInput;
}) {
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list: '/admin/frequency-types',
    forget: ['/api/frequency-types', '/api/admin/'],
    what: 'frequency type',
  });
  const [form, setForm] = useState(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = frequencyTypeProblems(form);
    setErrors(toFieldErrors(problems));
    if (problems.length > 0) return;
    await save(() => {
      const body = normalizeFrequencyType(form);
      return mode === 'create' ? post('/api/frequency-types', body) : put('/api/frequency-types', body);
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <TextInput
          label="Frequency Type Code"
          required
          disabled={mode === 'edit'}
          value={form.code}
          error={errors.code}
          onChange={(e) => setForm({ ...form, code: e.currentTarget.value })}
        />
        <TextInput
          label="Frequency Type Name"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        />
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
    </form>
  );
}
