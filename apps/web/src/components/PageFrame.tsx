import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PAGES, type PageName } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentPage } from './current-page.js';
import { pathOf } from './paths.js';

type PageFrameProps = {
  /** The title element and heading; defaults to the current route's title in PAGES. */
  title?: string;
  /** A heading that differs from the title element (the home page's welcome). */
  heading?: string;
  /**
   * Pages leading here, as breadcrumbs; their paths are filled from the current route's parameters.
   * An entry may carry its own label (a partner's code rather than its page's title).
   */
  trail?: (PageName | { page: PageName; label: string })[];
  /** Navigation shown above the heading instead of breadcrumbs (the reports stepper). */
  steps?: ReactNode;
  /** Buttons shown beside the heading (Add, Return...). */
  actions?: ReactNode;
  children?: ReactNode;
};

/** The frame of every page: its title element, breadcrumbs, heading and actions. */
export function PageFrame({ title, heading, trail, steps, actions, children }: PageFrameProps) {
  const current = useCurrentPage();
  const params = useParams();
  const resolvedTitle = title ?? current?.title ?? 'Partner Portal';
  useDocumentTitle(resolvedTitle);
  return (
    <Stack gap="md">
      {steps}
      {trail !== undefined && trail.length > 0 && (
        <Breadcrumbs>
          {trail.map((entry) => {
            const { page, label } =
              typeof entry === 'string' ? { page: entry, label: PAGES[entry].title } : entry;
            return (
              <Anchor key={page} component={Link} to={pathOf(page, params)}>
                {label}
              </Anchor>
            );
          })}
          <Text>{resolvedTitle}</Text>
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center">
        <Title order={1}>{heading ?? resolvedTitle}</Title>
        {actions !== undefined && <Group>{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
