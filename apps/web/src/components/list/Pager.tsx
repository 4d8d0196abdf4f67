import { Group, Select } from '@mantine/core';
import { ADMIN_PAGE_SIZES, hasNextPage } from '@portal/domain/admin/admin-paging';
import { PageButtons } from '../PageButtons.js';

type PagerProps = {
  page: number;
  /** Number of pages, or null when the server did not count them all. */
  pages: number | null;
  pageSize: number;
  rowsOnPage: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

/** First, previous, next and last, reading 'page / total' ('?' when the total is unknown), and the page size. */
export function Pager({ page, pages, pageSize, rowsOnPage, onPage, onPageSize }: PagerProps) {
  const next = hasNextPage(page, pages, rowsOnPage, pageSize);
  return (
    <Group justify="space-between">
      <PageButtons page={page} pages={pages} hasNext={next} withLast onPage={onPage} />
      <Select
        size="xs"
        w={110}
        aria-label="Rows per page"
        data={ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }))}
        value={String(pageSize)}
        onChange={(value) => value && onPageSize(Number(value))}
      />
    </Group>
  );
}
