import { MultiSelect, Stack, TextInput } from '@mantine/core';
import {
  EXTERNAL_USER_FEATURES,
  externalUserProblems,
  normalizeExternalUser,
} from '@portal/domain/admin/admin-external-user';
import { type FormEvent, useState } from 'react';
import { post, put } from '../../../api/api.js';
import { FormActions } from '../../../components/form/FormActions.js';
import { toFieldErrors } from '../../../components/form/form-errors.js';
import { useAdminSave } from '../../../components/form/use-admin-save.js';
import {
  formatPartnerAccess,
  PARTNER_ACCESS_HINT,
  parsePartnerAccess,
} from '../../operations/service-accounts.js';
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

export function ExternalUserForm({ mode, initial }: { mode: 'create' | 'edit'; initial: UserFormState }) {
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list: '/admin/users',
    forget: ['/api/external-users', '/api/users'],
    what: 'user',
  });
  const [form, setForm] = useState(initial);
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
    await save(() => (mode === 'create' ? post('/api/users', body) : put('/api/users', body)));
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
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
    </form>
  );
}
