import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  type FrequencyTypeInput,
  frequencyTypeProblems,
  normalizeFrequencyType,
} from '@portal/domain/admin-frequency-type';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { post, put } from '../../../api/api.js';
import { type FieldErrors, isLeaving, serverFieldErrors, toFieldErrors } from '../list/form-errors.js';
import { useForget } from '../list/use-forget.js';

const LIST = '/admin/frequency-types';

/** SPEC.md §5 Frequency type: code and name required and unique; code locked on edit. */
export function FrequencyTypeForm({
  mode,
  initial,
}: {
  mode: 'create' | 'edit';
  initial: FrequencyTypeInput;
}) {
  const navigate = useNavigate();
  const forget = useForget('/api/frequency-types', '/api/admin/');
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = frequencyTypeProblems(form);
    setErrors(toFieldErrors(problems));
    if (problems.length > 0) return;
    setSaving(true);
    try {
      const body = normalizeFrequencyType(form);
      await (mode === 'create' ? post('/api/frequency-types', body) : put('/api/frequency-types', body));
      await forget();
      navigate(LIST);
    } catch (error) {
      if (isLeaving(error)) return;
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else console.error('Saving the frequency type failed', error);
      setSaving(false);
    }
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
        <Group>
          <Button variant="default" onClick={() => navigate(LIST)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
