import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import type { SubscriptionForm } from './subscriptions-api.js';

type Props = {
  value: SubscriptionForm;
  onChange: (next: SubscriptionForm) => void;
  /** The category's frequency types; none chosen means all of them. */
  frequencyTypes: { code: string; name: string }[];
  error: { field: string | null; message: string } | null;
};

/** How a follow is delivered: as reports arrive or in a daily digest, and for which frequency types. */
export function SubscriptionFields({ value, onChange, frequencyTypes, error }: Props) {
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Stack>
      <Radio.Group
        label="Send me mail"
        value={value.delivery}
        onChange={(delivery) => onChange({ ...value, delivery: delivery as SubscriptionForm['delivery'] })}
        error={errorOf('delivery')}
      >
        <Group mt="xs">
          <Radio value="AS_THEY_ARRIVE" label="As they arrive" />
          <Radio value="DAILY_DIGEST" label="One daily digest" />
        </Group>
      </Radio.Group>
      {value.delivery === 'DAILY_DIGEST' && (
        <TextInput
          type="time"
          label="Digest time (Eastern time, business days)"
          value={value.digestTime}
          onChange={(event) => onChange({ ...value, digestTime: event.currentTarget.value })}
          error={errorOf('digestTime')}
          maw={220}
        />
      )}
      {frequencyTypes.length > 1 && (
        <Checkbox.Group
          label="Frequency types"
          description="Choose none for all of them."
          value={value.frequencyTypeCodes}
          onChange={(frequencyTypeCodes) => onChange({ ...value, frequencyTypeCodes })}
          error={errorOf('frequencyTypeCodes')}
        >
          <Group mt="xs">
            {frequencyTypes.map((type) => (
              <Checkbox key={type.code} value={type.code} label={type.name} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
