import { Stack, Textarea, TextInput } from '@mantine/core';
import { type FaqInput, faqProblems } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api.js';
import { FormActions } from '../../components/form/FormActions.js';

type Errors = Partial<Record<keyof FaqInput, string>>;

/** The field a refused save names (400 with `field`, or 409: the question is in use). */
function serverErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const body = error.body as { field?: string } | undefined;
  const field = error.status === 409 ? 'question' : body?.field;
  return field === 'question' || field === 'answer' ? { [field]: error.message } : null;
}

/** Question and answer, both required; the question is unique (SPEC.md §5 FAQ). */
export function FaqForm({
  initial,
  save,
}: {
  initial: FaqInput;
  save: (input: FaqInput) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = faqProblems(form);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    setSaving(true);
    try {
      await save({ question: form.question.trim(), answer: form.answer.trim() });
      navigate('/admin/faqs');
    } catch (error) {
      const fieldErrors = serverErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      // SPEC.md §8: other admin form save errors are logged only.
      else console.error('Saving the FAQ failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        <TextInput
          label="Question"
          required
          value={form.question}
          error={errors.question}
          onChange={(event) => setForm({ ...form, question: event.currentTarget.value })}
        />
        <Textarea
          label="Answer"
          description="Plain text. Web addresses become links."
          required
          rows={6}
          value={form.answer}
          error={errors.answer}
          onChange={(event) => setForm({ ...form, answer: event.currentTarget.value })}
        />
        <FormActions saving={saving} onCancel={() => navigate('/admin/faqs')} />
      </Stack>
    </form>
  );
}
