import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { NavEntry } from './navigation.js';

const isActive = (path: string, current: string) =>
  path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`);

/** Renders the entries of buildNavigation; used for the side pane and the mobile menu alike. */
export function SideNav({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    // The browser's own scrolling: Mantine's ScrollArea (15 KB of script) came into every first page
    // for a pane that rarely scrolls (issue 24).
    <nav
      aria-label="Main navigation"
      id="main-navigation"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
    >
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <NavLink
            key={entry.path}
            component={Link}
            to={entry.path}
            label={entry.label}
            active={isActive(entry.path, pathname)}
            aria-current={isActive(entry.path, pathname) ? 'page' : undefined}
            onClick={onNavigate}
          />
        ) : (
          // A button: the group opens and closes, it leads nowhere (Mantine draws an <a> without an
          // address, which may not carry aria-expanded).
          <NavLink
            key={entry.label}
            component="button"
            type="button"
            label={entry.label}
            defaultOpened={entry.children.some((child) => isActive(child.path, pathname))}
          >
            {entry.children.map((child) => (
              <NavLink
                key={child.path}
                component={Link}
                to={child.path}
                label={child.label}
                active={isActive(child.path, pathname)}
                aria-current={isActive(child.path, pathname) ? 'page' : undefined}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ),
      )}
    </nav>
  );
}
