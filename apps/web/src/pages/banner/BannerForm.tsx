import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  BANNER_TIME_UNIT_NAMES,
  type BannerFormFields,
  type BannerTimeUnit,
  bannerFormProblems,
  describeTimeToLive,
  timeToLiveSeconds,
} from '@portal/domain';
import type { Banner, BannerType } from '@portal/domain/api/banners';
import { type FormEvent, useState } from 'react';

export type BannerSave = { bannerMessage: string; bannerType: string; timeToLive: number | null };

export const emptyBannerForm = (): BannerFormFields => ({
  bannerMessage: '',
  bannerType: '',
  timeToLiveAmount: '',
  timeToLiveUnit: 'Hours',
});

export function bannerFormOf(banner: Banner): BannerFormFields {
  const { amount, unit } = describeTimeToLive(banner.timeToLive);
  return {
    bannerMessage: banner.bannerMessage,
    bannerType: banner.bannerType,
    timeToLiveAmount: amount,
    timeToLiveUnit: unit,
  };
}

type Props = {
  initial: BannerFormFields;
  bannerTypes: BannerType[];
  editing: boolean;
  /** Saves the banner; rejects when it could not (the page says so). */
  onSave: (banner: BannerSave) => Promise<void>;
  onCancel: () => void;
};

/** SPEC.md §5 Banner: message and type required; time to live a number with up to 2 decimals, unless Indefinite. */
export function BannerForm({ initial, bannerTypes, editing, onSave, onCancel }: Props) {
  const [form, setForm] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = bannerFormProblems(form);
  const errorOf = (field: keyof BannerFormFields) =>
    showErrors ? problems.find((p) => p.field === field)?.message : undefined;
  const indefinite = form.timeToLiveUnit === 'Indefinite';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (problems.length > 0) return;
    const ttl = timeToLiveSeconds(form.timeToLiveAmount, form.timeToLiveUnit);
    if ('problem' in ttl) return;
    setSaving(true);
    try {
      await onSave({
        bannerMessage: form.bannerMessage.trim(),
        bannerType: form.bannerType,
        timeToLive: ttl.seconds,
      });
      setForm(emptyBannerForm());
      setShowErrors(false);
    } catch {
      // The page shows 'Unable to update banner.' and the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <Textarea
          label="Banner Message"
          required
          rows={2}
          value={form.bannerMessage}
          error={errorOf('bannerMessage')}
          onChange={(event) => setForm({ ...form, bannerMessage: event.currentTarget.value })}
        />
        <Select
          label="Banner Type"
          required
          placeholder="Choose a type"
          data={bannerTypes.map((type) => ({ value: type.bannerCode, label: type.name }))}
          value={form.bannerType || null}
          error={errorOf('bannerType')}
          onChange={(value) => setForm({ ...form, bannerType: value ?? '' })}
        />
        <Group align="flex-start">
          <TextInput
            label="Time to Live"
            inputMode="decimal"
            required={!indefinite}
            disabled={indefinite}
            value={indefinite ? '' : form.timeToLiveAmount}
            error={indefinite ? undefined : errorOf('timeToLiveAmount')}
            onChange={(event) => setForm({ ...form, timeToLiveAmount: event.currentTarget.value })}
          />
          <Select
            label="Unit"
            data={BANNER_TIME_UNIT_NAMES}
            value={form.timeToLiveUnit}
            onChange={(value) => setForm({ ...form, timeToLiveUnit: (value ?? 'Hours') as BannerTimeUnit })}
          />
        </Group>
        <Group>
          {editing && (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {editing ? 'Update Banner' : 'Create Banner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
