import { Button, Group, Text } from '@mantine/core';
import { pageLabel } from '@portal/domain/admin/admin-paging';

type PageButtonsProps = {
  page: number;
  /** Number of pages, or null when the server did not count them all ('?'). */
  pages: number | null;
  hasNext: boolean;
  /** The last-page button; the invitations list pages by first, previous and next only (SPEC.md §9). */
  withLast: boolean;
  onPage: (page: number) => void;
};

/** First, previous, next (and last), reading 'page / total' (SPEC.md §2 admin list tables). */
export function PageButtons({ page, pages, hasNext, withLast, onPage }: PageButtonsProps) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        aria-label="First page"
        disabled={page <= 1}
        onClick={() => onPage(1)}
      >
        «
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹
      </Button>
      <Text size="sm" data-testid="page-label" aria-live="polite">
        {pageLabel(page, pages)}
      </Text>
      <Button
        size="xs"
        variant="default"
        aria-label="Next page"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        ›
      </Button>
      {withLast && (
        <Button
          size="xs"
          variant="default"
          aria-label="Last page"
          disabled={pages === null || page >= pages}
          onClick={() => pages !== null && onPage(pages)}
        >
          »
        </Button>
      )}
    </Group>
  );
}
