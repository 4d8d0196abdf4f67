import { ActionIcon, Checkbox, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { categoryField } from '@portal/domain/admin/admin-partner';
import { BellIcon } from './BellIcon.js';
import type { PartnerFormState } from './partner-form-state.js';
import { setFrequencyTypes, toggleCategory } from './partner-form-state.js';
import type { CatalogCategory } from './partners-api.js';

// The partner's categories (SPEC.md §2 Partner form): each report category of the catalogue with
// a box, and for a chosen one its frequency types (at least one) and the alert bell.

type CategoryPickerProps = {
  catalog: CatalogCategory[];
  state: PartnerFormState;
  errors: Record<string, string>;
  alertsEnabled: boolean;
  onChange: (state: PartnerFormState) => void;
  onAddAlert: (category: CatalogCategory) => void;
};

export function CategoryPicker({
  catalog,
  state,
  errors,
  alertsEnabled,
  onChange,
  onAddAlert,
}: CategoryPickerProps) {
  return (
    <Input.Wrapper label="Report Categories">
      <Stack gap="xs" mt={4}>
        {catalog.map((category) => {
          const selected = state.categories.find((c) => c.code === category.code);
          const error = errors[categoryField(category.code)];
          return (
            <Paper key={category.code} withBorder p="xs" data-testid={`category-${category.code}`}>
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  label={category.name}
                  checked={selected !== undefined}
                  onChange={(event) =>
                    onChange(toggleCategory(state, category.code, event.currentTarget.checked))
                  }
                />
                {selected && (
                  <Tooltip
                    label={alertsEnabled ? 'Add a report alert' : 'Report alerts are for the EXT access type'}
                  >
                    <ActionIcon
                      variant="light"
                      aria-label={`Add a report alert for ${category.name}`}
                      disabled={!alertsEnabled}
                      onClick={() => onAddAlert(category)}
                    >
                      <BellIcon />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {selected && (
                <Checkbox.Group
                  mt="xs"
                  ml="xl"
                  aria-label={`Frequency types of ${category.name}`}
                  value={selected.frequencyTypes}
                  error={error}
                  onChange={(value) => onChange(setFrequencyTypes(state, category.code, value))}
                >
                  <Group gap="md">
                    {category.frequencyTypes.map((f) => (
                      <Checkbox
                        key={f.code}
                        value={f.code}
                        label={f.name}
                        aria-label={`${category.name}: ${f.name}`}
                      />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            </Paper>
          );
        })}
        {catalog.length === 0 && <Text c="dimmed">No report categories yet.</Text>}
      </Stack>
    </Input.Wrapper>
  );
}
