import { Stack, TextInput } from '@mantine/core';
import { ACCOUNT_NUMBER_LENGTH, EARLIEST_FORM_DATE, invoiceRequestProblems } from '@portal/domain';
import type { InvoiceRequestBody } from '@portal/domain/api/forms';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/form/FormActions.js';
import { toFieldErrors } from '../../components/form/form-errors.js';
import { useAdminSave } from '../../components/form/use-admin-save.js';
import { BatchNote } from './BatchNote.js';
import { todayUtc, toEpoch } from './form-dates.js';
import { SaveRefusal, useSaveRefusal } from './SaveRefusal.js';

export type InvoiceValues = { accountNumber: string; startDate: string; endDate: string };

export const INVOICES_LIST = '/forms/customer-invoice';
export const INVOICES_API = '/api/form/user-invoices';

/**
 * SPEC.md §5 customer invoice: 16-digit account number; start and end dates, not in the future
 * (nor before EARLIEST_FORM_DATE), start not after end. On an edit the API gives the account
 * number redacted (`keptAccountNumber`): left as it is, the save keeps the stored number.
 */
export function InvoiceForm({
  initial,
  keptAccountNumber,
  send,
}: {
  initial: InvoiceValues;
  keptAccountNumber?: string;
  send: (body: InvoiceRequestBody) => Promise<unknown>;
}) {
  const [values, setValues] = useState(initial);
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list: INVOICES_LIST,
    forget: [INVOICES_API],
    what: 'invoice request',
  });
  const { refusal, clearRefusal, onFailure } = useSaveRefusal('invoice request');
  const today = todayUtc();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      accountNumber: values.accountNumber.trim(),
      startDate: toEpoch(values.startDate),
      endDate: toEpoch(values.endDate),
    };
    const problems = invoiceRequestProblems(body, today, keptAccountNumber);
    setErrors(toFieldErrors(problems));
    clearRefusal();
    if (problems.length === 0) await save(() => send(body), onFailure);
  }

  const field = (name: keyof InvoiceValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <TextInput
          label="Account Number"
          description={`${ACCOUNT_NUMBER_LENGTH} digits`}
          required
          inputMode="numeric"
          maxLength={ACCOUNT_NUMBER_LENGTH}
          autoComplete="off"
          {...field('accountNumber')}
        />
        <TextInput
          label="Start Date"
          type="date"
          required
          min={EARLIEST_FORM_DATE}
          max={today}
          {...field('startDate')}
        />
        <TextInput
          label="End Date"
          type="date"
          required
          min={EARLIEST_FORM_DATE}
          max={today}
          {...field('endDate')}
        />
        <BatchNote kind="invoices" />
        <SaveRefusal refusal={refusal} />
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
    </form>
  );
}
