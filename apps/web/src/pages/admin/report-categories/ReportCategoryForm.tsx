import { Button, Checkbox, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { normalizeReportCategory, reportCategoryProblems } from '@portal/domain/admin/admin-report-category';
import { type FormEvent, useState } from 'react';
import { post, put } from '../../../api/api.js';
import { FormActions } from '../../../components/form/FormActions.js';
import { toFieldErrors } from '../../../components/form/form-errors.js';
import { useAdminSave } from '../../../components/form/use-admin-save.js';
import { DatasetDialog } from '../../datasets/DatasetDialog.js';
import type { CodeName } from '../partners/partners-api.js';
import type { CategoryPartner } from './categories-api.js';
import { OwnerEmails } from './OwnerEmails.js';

// SPEC.md §5 Report category: code (locked on edit) and name, frequency types, the external link
// box and link, owner emails, and the partners, each added through the dataset validation dialog.

export type CategoryFormState = {
  code: string;
  name: string;
  frequencyTypes: string[];
  hasExternalLink: boolean;
  externalLink: string;
  ownerEmails: string[];
  partners: CategoryPartner[];
};

type Props = {
  mode: 'create' | 'edit';
  initial: CategoryFormState;
  frequencyTypes: CodeName[];
  accessTypes: CodeName[];
};

export function ReportCategoryForm({ mode, initial, frequencyTypes, accessTypes }: Props) {
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list: '/admin/report-categories',
    forget: ['/api/admin/categories', '/api/admin/partners'],
    what: 'report category',
  });
  const [form, setForm] = useState(initial);
  const [addingPartner, setAddingPartner] = useState(false);
  // Errors of groups (frequency types, partners) are tied to each control of the group too: a
  // screen reader on a checkbox or on Add Partner hears what is wrong.
  const id = useId();
  const frequencyErrorId = `${id}-frequency-types-error`;
  const partnersErrorId = `${id}-partners-error`;
  const input = { ...form, frequencyTypes: form.frequencyTypes.map((code) => ({ code })) };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = reportCategoryProblems(input);
    setErrors(toFieldErrors(problems));
    if (problems.length > 0) return;
    const values = normalizeReportCategory(input);
    const body = {
      code: values.code,
      name: values.name,
      frequencyTypes: values.frequencyTypeCodes.map((code) => ({ code })),
      hasExternalLink: form.hasExternalLink,
      externalLink: values.externalLink,
      ownerEmails: values.ownerEmails,
      partners: form.partners.map((p) => ({ type: p.type, code: p.code })),
    };
    await save(() => (mode === 'create' ? post('/api/categories', body) : put('/api/categories', body)));
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760}>
        <TextInput
          label="Category Code"
          required
          disabled={mode === 'edit'}
          value={form.code}
          error={errors.code}
          onChange={(e) => setForm({ ...form, code: e.currentTarget.value })}
        />
        <TextInput
          label="Category Name"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        />
        <Checkbox.Group
          label="Frequency Types"
          value={form.frequencyTypes}
          error={errors.frequencyTypes}
          errorProps={{ id: frequencyErrorId }}
          onChange={(value) => setForm({ ...form, frequencyTypes: value })}
        >
          <Group mt={4}>
            {frequencyTypes.map((f) => (
              <Checkbox
                key={f.code}
                value={f.code}
                label={f.name}
                aria-describedby={errors.frequencyTypes ? frequencyErrorId : undefined}
                aria-invalid={errors.frequencyTypes ? true : undefined}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label="This report category is on another website"
          checked={form.hasExternalLink}
          onChange={(e) => setForm({ ...form, hasExternalLink: e.currentTarget.checked })}
        />
        {form.hasExternalLink && (
          <TextInput
            label="External Link"
            required
            value={form.externalLink}
            error={errors.externalLink}
            onChange={(e) => setForm({ ...form, externalLink: e.currentTarget.value })}
          />
        )}
        <OwnerEmails
          emails={form.ownerEmails}
          error={errors.ownerEmails}
          onChange={(ownerEmails) => setForm({ ...form, ownerEmails })}
        />
        <div>
          <Group justify="space-between">
            <Text fw={500} size="sm">
              Partners
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => setAddingPartner(true)}
              disabled={form.code.trim() === ''}
              aria-describedby={errors.partners ? partnersErrorId : undefined}
            >
              Add Partner
            </Button>
          </Group>
          {errors.partners && (
            <Text c="red" size="sm" role="alert" id={partnersErrorId}>
              {errors.partners}
            </Text>
          )}
          <Table aria-label="Partners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Access type</Table.Th>
                <Table.Th>Partner code</Table.Th>
                <Table.Th>Partner name</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.partners.map((p) => (
                <Table.Tr key={`${p.type}/${p.code}`}>
                  <Table.Td>{p.type}</Table.Td>
                  <Table.Td>{p.code}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setForm({ ...form, partners: form.partners.filter((x) => x !== p) })}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
      {addingPartner && (
        <DatasetDialog
          categoryCode={form.code.trim()}
          accessTypes={accessTypes}
          onClose={() => setAddingPartner(false)}
          onAdd={(partner) => {
            const known = form.partners.some(
              (p) => p.type === partner.type && p.code.toLowerCase() === partner.code.toLowerCase(),
            );
            if (!known) setForm({ ...form, partners: [...form.partners, partner] });
            setAddingPartner(false);
          }}
        />
      )}
    </form>
  );
}
