import { Button, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ISSUE_REPORTED_MESSAGE,
  type IssueReport,
  issueReportProblems,
  MESSAGES,
  MODAL_TRANSITION_MS,
} from '@portal/domain';
import type { IssueReasons } from '@portal/domain/api/contact-us';
import { type FormEvent, useState } from 'react';
import { post } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { PageFrame } from '../../components/PageFrame.js';

const EMPTY: IssueReport = { phone: '', reason: '', message: '' };

/** SPEC.md §5 Report an issue: reason and message required, phone optional; a dialog tells the outcome. */
export default function ReportAnIssuePage() {
  const { data: reasons } = useApi<IssueReasons>('/api/reasons');
  const [form, setForm] = useState<IssueReport>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<'reported' | 'failed' | null>(null);

  const problems = issueReportProblems(form, reasons);
  const errorOf = (field: keyof IssueReport) =>
    showErrors ? problems.find((problem) => problem.field === field)?.message : undefined;
  const set = (field: keyof IssueReport) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.length > 0) {
      setShowErrors(true);
      return;
    }
    setSending(true);
    try {
      await post('/api/contact-us', {
        phone: form.phone.trim(),
        reason: form.reason,
        message: form.message.trim(),
      });
      setForm(EMPTY);
      setShowErrors(false);
      setOutcome('reported');
    } catch (error) {
      console.error('Reporting the issue failed', error);
      setOutcome('failed');
    } finally {
      setSending(false);
    }
  }

  return (
    <PageFrame>
      <form onSubmit={submit} noValidate>
        <Stack maw={560}>
          <Select
            label="Reason"
            placeholder="Choose a reason"
            data={reasons ?? []}
            value={form.reason || null}
            onChange={(value) => set('reason')(value ?? '')}
            error={errorOf('reason')}
            required
          />
          <TextInput
            label="Phone"
            description="Optional: a number where we can reach you"
            type="tel"
            value={form.phone}
            onChange={(event) => set('phone')(event.currentTarget.value)}
            error={errorOf('phone')}
          />
          <Textarea
            label="Message"
            rows={5}
            value={form.message}
            onChange={(event) => set('message')(event.currentTarget.value)}
            error={errorOf('message')}
            required
          />
          <Button type="submit" loading={sending} w="fit-content">
            Submit
          </Button>
        </Stack>
      </form>
      <Modal
        opened={outcome !== null}
        onClose={() => setOutcome(null)}
        title="Report an Issue"
        centered
        transitionProps={{ duration: MODAL_TRANSITION_MS }}
      >
        <Text role="status">
          {outcome === 'reported' ? ISSUE_REPORTED_MESSAGE : MESSAGES.issueReportFailed}
        </Text>
        <Button mt="md" onClick={() => setOutcome(null)}>
          OK
        </Button>
      </Modal>
    </PageFrame>
  );
}
