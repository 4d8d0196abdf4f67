import { Anchor, Avatar, Burger, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { displayName, initials, type PortalUser } from '../auth/user.js';

export const PRODUCT_TITLE = 'Partner Portal';

type HeaderProps = {
  user: PortalUser | null;
  isMobile: boolean;
  menuOpened?: boolean;
  onToggleMenu?: () => void;
};

/** The product title, the user's name (initials linking to My Account on mobile) and the menu toggle. */
export function Header({ user, isMobile, menuOpened = false, onToggleMenu }: HeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleMenu !== undefined && (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={menuOpened}
            aria-controls="main-navigation"
          />
        )}
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Title order={2} size="h3">
            {PRODUCT_TITLE}
          </Title>
        </Anchor>
      </Group>
      {user !== null &&
        (isMobile ? (
          <Avatar component={Link} to="/my-account" color="blue" radius="xl">
            <span aria-hidden="true">{initials(user)}</span>
            <VisuallyHidden>My Account</VisuallyHidden>
          </Avatar>
        ) : (
          <Text fw={500}>{displayName(user)}</Text>
        ))}
    </Group>
  );
}
