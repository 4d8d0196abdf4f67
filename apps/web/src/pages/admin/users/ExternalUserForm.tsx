import { Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import {
  EXTERNAL_USER_FEATURES,
  externalUserProblems,
  normalizeExternalUser,
} from '@portal/domain/admin-external-user';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { post, put } from '../../../api/api.js';
import { type FieldErrors, isLeaving, serverFieldErrors, toFieldErrors } from '../list/form-errors.js';
import { useForget } from '../list/use-forget.js';
import {
  formatPartnerAccess,
  PARTNER_ACCESS_HINT,
  parsePartnerAccess,
} from '../service-accounts/service-accounts.js';
import type { AdminUser } from './users-api.js';

// SPEC.md §5 External user: userId (unique, locked on edit), first and last name and email
// required, phone optional; features and partner access are assigned here too.

export type UserFormState = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  features: string[];
  partnerAccess: string;
};

export const EMPTY_USER: UserFormState = {
  userId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  features: [],
  partnerAccess: '',
};

export const fromUser = (u: AdminUser): UserFormState => ({
  userId: u.userId,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone ?? '',
  features: u.features,
  partnerAccess: formatPartnerAccess(u.partners.partnerAccess),
});

const LIST = '/admin/users';

export function ExternalUserForm({ mode, initial }: { mode: 'create' | 'edit'; initial: UserFormState }) {
  const navigate = useNavigate();
  const forget = useForget('/api/external-users', '/api/users');
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const text = (field: keyof UserFormState) => ({
    value: form[field] as string,
    error: errors[field],
    onChange: (e: { currentTarget: { value: string } }) =>
      setForm({ ...form, [field]: e.currentTarget.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePartnerAccess(form.partnerAccess);
    const partnerAccess = 'grants' in parsed ? parsed.grants : [];
    const problems = externalUserProblems(form, { features: form.features, partnerAccess });
    const found = toFieldErrors(problems);
    if ('error' in parsed) found.partnerAccess ??= parsed.error;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { ...normalizeExternalUser(form), features: form.features, partners: { partnerAccess } };
    setSaving(true);
    try {
      await (mode === 'create' ? post('/api/users', body) : put('/api/users', body));
      await forget();
      navigate(LIST);
    } catch (error) {
      if (isLeaving(error)) return;
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else console.error('Saving the user failed', error);
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={560}>
        <TextInput label="User ID" required disabled={mode === 'edit'} {...text('userId')} />
        <TextInput label="First Name" required {...text('firstName')} />
        <TextInput label="Last Name" required {...text('lastName')} />
        <TextInput label="Email" required type="email" {...text('email')} />
        <TextInput label="Phone" {...text('phone')} />
        <MultiSelect
          label="Features"
          data={[...EXTERNAL_USER_FEATURES]}
          value={form.features}
          error={errors.features}
          searchable
          onChange={(features) => setForm({ ...form, features })}
        />
        <TextInput label="Partner Access" description={PARTNER_ACCESS_HINT} {...text('partnerAccess')} />
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
