import { Stack, Text } from '@mantine/core';

export function Footer() {
  return (
    <Stack
      component="footer"
      gap={4}
      py="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} Partner Portal. All rights reserved.
      </Text>
      <Text size="xs" c="dimmed">
        This portal and its content are for the restricted use of authorized partners and staff only.
        Unauthorized access, use or distribution is prohibited.
      </Text>
    </Stack>
  );
}
