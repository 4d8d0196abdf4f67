import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { USER_NAME_MAX } from '@portal/domain/admin/admin-external-user';
import { type FormEvent, useState } from 'react';
import { put } from '../../api/api.js';
import { useAuth, useCurrentUser } from '../../auth/auth-context.js';
import { PageFrame } from '../../components/PageFrame.js';
import { MySubscriptions } from './MySubscriptions.js';

type Names = { firstName: string; lastName: string };

export default function MyAccountPage() {
  const { user } = useCurrentUser();
  const { reload } = useAuth();
  const [editing, setEditing] = useState(false);
  const [names, setNames] = useState<Names>({ firstName: user.firstName, lastName: user.lastName });
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  // SPEC.md §2: the names are editable only for accounts whose user id is their email.
  const canEdit = user.userId === user.email;

  const blank = { firstName: names.firstName.trim() === '', lastName: names.lastName.trim() === '' };

  function cancel() {
    setNames({ firstName: user.firstName, lastName: user.lastName });
    setShowErrors(false);
    setEditing(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank.firstName || blank.lastName) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    try {
      await put('/api/saas/user/updateSelf', {
        firstName: names.firstName.trim(),
        lastName: names.lastName.trim(),
      });
      setResult(MESSAGES.profileUpdated);
      setEditing(false);
      await reload();
    } catch (error) {
      console.error('Profile update failed', error);
      setResult(MESSAGES.profileUpdateFailed);
    } finally {
      setSaving(false);
    }
  }

  const errorOf = (field: keyof Names) => (showErrors && blank[field] ? MESSAGES.required : undefined);

  return (
    <PageFrame>
      <form onSubmit={submit}>
        <Stack maw={480}>
          <TextInput
            label="First Name"
            // The server's limit: a longer name could only be refused ('Failed to update').
            maxLength={USER_NAME_MAX}
            value={names.firstName}
            readOnly={!editing}
            error={errorOf('firstName')}
            onChange={(event) => setNames({ ...names, firstName: event.currentTarget.value })}
          />
          <TextInput
            label="Last Name"
            maxLength={USER_NAME_MAX}
            value={names.lastName}
            readOnly={!editing}
            error={errorOf('lastName')}
            onChange={(event) => setNames({ ...names, lastName: event.currentTarget.value })}
          />
          <TextInput label="User ID" value={user.userId} readOnly />
          <TextInput label="Email" value={user.email} readOnly />
          <Group>
            {editing ? (
              <>
                <Button variant="default" onClick={cancel} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  Submit
                </Button>
              </>
            ) : (
              canEdit && (
                <Button
                  onClick={() => {
                    setResult(null);
                    setEditing(true);
                  }}
                >
                  Edit
                </Button>
              )
            )}
          </Group>
          {result !== null && <Text role="status">{result}</Text>}
        </Stack>
      </form>
      <MySubscriptions />
    </PageFrame>
  );
}
