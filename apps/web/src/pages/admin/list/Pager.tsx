import { Button, Group, Select, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZES, hasNextPage, pageLabel } from '@portal/domain/admin-paging';

type PagerProps = {
  page: number;
  /** Number of pages, or null when the server did not count them all. */
  pages: number | null;
  pageSize: number;
  rowsOnPage: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

/** First, previous, next and last, reading 'page / total' ('?' when the total is unknown). */
export function Pager({ page, pages, pageSize, rowsOnPage, onPage, onPageSize }: PagerProps) {
  const next = hasNextPage(page, pages, rowsOnPage, pageSize);
  return (
    <Group justify="space-between">
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
          disabled={!next}
          onClick={() => onPage(page + 1)}
        >
          ›
        </Button>
        <Button
          size="xs"
          variant="default"
          aria-label="Last page"
          disabled={pages === null || page >= pages}
          onClick={() => pages !== null && onPage(pages)}
        >
          »
        </Button>
      </Group>
      <Select
        size="xs"
        w={110}
        aria-label="Rows per page"
        data={ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }))}
        value={String(pageSize)}
        allowDeselect={false}
        onChange={(value) => value && onPageSize(Number(value))}
      />
    </Group>
  );
}
