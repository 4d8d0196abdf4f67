import {
  ActionIcon,
  Button,
  Card,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DISPUTE_BINS,
  DISPUTE_REASONS,
  type DisputeItemInput,
  disputeFormProblems,
  EARLIEST_FORM_DATE,
  formatUsd,
  LAST_FOUR_LENGTH,
  toCents,
} from '@portal/domain';
import type { DisputeItemBody } from '@portal/domain/api/forms';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../components/form/FormActions.js';
import { toFieldErrors } from '../../components/form/form-errors.js';
import { useAdminSave } from '../../components/form/use-admin-save.js';
import { BatchNote } from './BatchNote.js';
import { todayUtc, toEpoch } from './form-dates.js';
import { SaveRefusal, useSaveRefusal } from './SaveRefusal.js';

export type DisputeRow = Record<
  | 'disputeReasonDesc'
  | 'transactionDate'
  | 'lastFourCardNum'
  | 'disputeAmount'
  | 'transactionAmount'
  | 'issuerClaimId'
  | 'issuerClaimTransactionId'
  | 'merchantId'
  | 'acquirerRefId'
  | 'acquirerClaimId'
  | 'chargebackReferenceId',
  string
>;
export type DisputeValues = {
  messageType: string;
  customerId: string;
  bin: string;
  messageDate: string;
  disputes: DisputeRow[];
};

export const DISPUTES_API = '/api/form/disputes';

export const emptyRow = (): DisputeRow => ({
  disputeReasonDesc: '',
  transactionDate: '',
  lastFourCardNum: '',
  disputeAmount: '',
  transactionAmount: '',
  issuerClaimId: '',
  issuerClaimTransactionId: '',
  merchantId: '',
  acquirerRefId: '',
  acquirerClaimId: '',
  chargebackReferenceId: '',
});

const amount = (text: string) => (text.trim() === '' ? null : Number(text.replace(/[$,\s]/g, '')));

/** A row as the API takes it: the two claim fields only for an outcome chargeback (SPEC.md §4). */
function toBody(row: DisputeRow, chargeback: boolean): DisputeItemBody & DisputeItemInput {
  return {
    disputeReasonDesc: row.disputeReasonDesc,
    transactionDate: toEpoch(row.transactionDate),
    lastFourCardNum: row.lastFourCardNum.trim(),
    disputeAmount: amount(row.disputeAmount),
    transactionAmount: amount(row.transactionAmount),
    issuerClaimId: row.issuerClaimId.trim(),
    issuerClaimTransactionId: row.issuerClaimTransactionId.trim(),
    merchantId: row.merchantId.trim(),
    acquirerRefId: row.acquirerRefId.trim(),
    ...(chargeback
      ? {
          acquirerClaimId: row.acquirerClaimId.trim(),
          chargebackReferenceId: row.chargebackReferenceId.trim(),
        }
      : {}),
  };
}

export type DisputeBody = {
  messageType: string;
  customerId: string;
  bin: string;
  messageDate: number | null;
  disputes: (DisputeItemBody & DisputeItemInput)[];
};

type DisputeFormProps = {
  initial: DisputeValues;
  list: string;
  /** A new form may hold several disputes; an edit changes one. */
  multiple: boolean;
  send: (body: DisputeBody) => Promise<unknown>;
};

/** SPEC.md §3, §4, §5 dispute: the shared fields, then one or more disputes with their own fields. */
export function DisputeForm({ initial, list, multiple, send }: DisputeFormProps) {
  const [values, setValues] = useState(initial);
  // Stable keys for the rows, so removing one keeps the others' inputs in place.
  const [rowKeys, setRowKeys] = useState(() => initial.disputes.map((_, i) => i));
  const { errors, setErrors, saving, save, cancel } = useAdminSave({
    list,
    forget: [DISPUTES_API, `${DISPUTES_API}/history`],
    what: 'disputes',
  });
  const { refusal, clearRefusal, onFailure } = useSaveRefusal('disputes');
  // The error of the whole list (none, or too many disputes) belongs to no one input: it is
  // announced as it appears and named by the button that changes the list.
  const disputesErrorId = useId();
  const today = todayUtc();
  const chargeback = values.messageType === 'outcome-chargeback';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: DisputeBody = {
      messageType: values.messageType,
      customerId: values.customerId.trim(),
      bin: values.bin,
      messageDate: toEpoch(values.messageDate),
      disputes: values.disputes.map((row) => toBody(row, chargeback)),
    };
    const problems = disputeFormProblems(body, today);
    setErrors(toFieldErrors(problems));
    clearRefusal();
    if (problems.length === 0) await save(() => send(body), onFailure);
  }

  const shared = (name: 'customerId' | 'messageDate') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });
  const setRow = (index: number, change: Partial<DisputeRow>) =>
    setValues({
      ...values,
      disputes: values.disputes.map((row, i) => (i === index ? { ...row, ...change } : row)),
    });
  const rowField = (index: number, name: keyof DisputeRow) => ({
    value: values.disputes[index]![name],
    error: errors[`disputes.${index}.${name}`],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setRow(index, { [name]: event.currentTarget.value }),
  });
  // Switching away from outcome chargeback drops the two claim fields: they are neither kept nor sent.
  const setMessageType = (messageType: string) =>
    setValues({
      ...values,
      messageType,
      disputes:
        messageType === 'outcome-chargeback'
          ? values.disputes
          : values.disputes.map((row) => ({ ...row, acquirerClaimId: '', chargebackReferenceId: '' })),
    });

  const total = values.disputes.reduce((sum, row) => {
    const value = amount(row.disputeAmount);
    return value !== null && Number.isFinite(value) ? sum + toCents(value) : sum;
  }, 0);

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={960}>
        <Fieldset legend="Message">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Message Type"
              required
              value={values.messageType}
              error={errors.messageType}
              onChange={(event) => setMessageType(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a message type' },
                { value: 'claim-request', label: 'Claim request' },
                { value: 'outcome-chargeback', label: 'Outcome chargeback' },
              ]}
            />
            <TextInput label="Customer ID" required inputMode="numeric" {...shared('customerId')} />
            <NativeSelect
              label="BIN"
              required
              value={values.bin}
              error={errors.bin}
              onChange={(event) => setValues({ ...values, bin: event.currentTarget.value })}
              data={[{ value: '', label: 'Choose a BIN' }, ...DISPUTE_BINS]}
            />
            <TextInput
              label="Message Date"
              type="date"
              required
              min={EARLIEST_FORM_DATE}
              max={today}
              {...shared('messageDate')}
            />
          </SimpleGrid>
        </Fieldset>
        {values.disputes.map((_, index) => (
          <Card withBorder key={rowKeys[index]} data-testid={`dispute-row-${index}`}>
            <Fieldset legend={multiple ? `Dispute ${index + 1}` : 'Dispute'} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                <NativeSelect
                  label="Dispute Reason"
                  required
                  {...rowField(index, 'disputeReasonDesc')}
                  data={[
                    { value: '', label: 'Choose a reason' },
                    ...DISPUTE_REASONS.map((r) => ({
                      value: r.description,
                      label: `${r.code} ${r.description}`,
                    })),
                  ]}
                />
                <TextInput
                  label="Transaction Date"
                  type="date"
                  required
                  min={EARLIEST_FORM_DATE}
                  max={today}
                  {...rowField(index, 'transactionDate')}
                />
                <TextInput
                  label="Last Four Card Digits"
                  required
                  inputMode="numeric"
                  maxLength={LAST_FOUR_LENGTH}
                  {...rowField(index, 'lastFourCardNum')}
                />
                <TextInput
                  label="Dispute Amount"
                  required
                  inputMode="decimal"
                  leftSection="$"
                  {...rowField(index, 'disputeAmount')}
                />
                <TextInput
                  label="Transaction Amount"
                  required
                  inputMode="decimal"
                  leftSection="$"
                  {...rowField(index, 'transactionAmount')}
                />
                <TextInput label="Issuer Claim ID" required {...rowField(index, 'issuerClaimId')} />
                <TextInput
                  label="Issuer Claim Transaction ID"
                  required
                  {...rowField(index, 'issuerClaimTransactionId')}
                />
                <TextInput label="Merchant ID" required maxLength={13} {...rowField(index, 'merchantId')} />
                <TextInput
                  label="Acquirer Reference ID"
                  required
                  maxLength={23}
                  {...rowField(index, 'acquirerRefId')}
                />
                {chargeback && (
                  <>
                    <TextInput label="Acquirer Claim ID" required {...rowField(index, 'acquirerClaimId')} />
                    <TextInput
                      label="Chargeback Reference ID"
                      required
                      {...rowField(index, 'chargebackReferenceId')}
                    />
                  </>
                )}
              </SimpleGrid>
              {multiple && values.disputes.length > 1 && (
                <Group justify="flex-end" mt="sm">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    w="auto"
                    px="xs"
                    aria-label={`Remove dispute ${index + 1}`}
                    onClick={() => {
                      setValues({ ...values, disputes: values.disputes.filter((_, i) => i !== index) });
                      setRowKeys(rowKeys.filter((_, i) => i !== index));
                    }}
                  >
                    Remove
                  </ActionIcon>
                </Group>
              )}
            </Fieldset>
          </Card>
        ))}
        {errors.disputes && (
          <Text c="red" size="sm" role="alert" id={disputesErrorId}>
            {errors.disputes}
          </Text>
        )}
        {multiple && (
          <Group justify="space-between">
            <Button
              variant="light"
              aria-describedby={errors.disputes ? disputesErrorId : undefined}
              onClick={() => {
                setValues({ ...values, disputes: [...values.disputes, emptyRow()] });
                setRowKeys([...rowKeys, Math.max(-1, ...rowKeys) + 1]);
              }}
            >
              Add another dispute
            </Button>
            <Text size="sm">
              {values.disputes.length} dispute{values.disputes.length === 1 ? '' : 's'}, {formatUsd(total)}{' '}
              disputed
            </Text>
          </Group>
        )}
        <BatchNote kind="disputes" />
        <SaveRefusal refusal={refusal} />
        <FormActions saving={saving} onCancel={cancel} />
      </Stack>
    </form>
  );
}
