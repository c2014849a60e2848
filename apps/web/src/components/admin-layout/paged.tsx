import { Input, type TableProps } from 'antd';
import { useState } from 'react';

export const CONSOLE_PAGE_SIZE = 20;

interface PagedQuery<Row> {
  isFetching: boolean;
  data?: { list: Row[]; total: number };
}

/**
 * Filters and page of a console table: changing a filter goes back to page 1; `params` is what the
 * list call takes, and `tableProps` fills a Table's rows, loading state and pager from its query.
 */
export function usePagedFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const tableProps = <Row,>(
    query: PagedQuery<Row>,
  ): Pick<TableProps<Row>, 'loading' | 'dataSource' | 'pagination'> => ({
    loading: query.isFetching,
    dataSource: query.data?.list,
    pagination: {
      current: page,
      pageSize: CONSOLE_PAGE_SIZE,
      total: query.data?.total,
      onChange: setPage,
      showSizeChanger: false,
    },
  });
  return { filters, setFilter, params: { ...filters, page, limit: CONSOLE_PAGE_SIZE }, tableProps };
}

/** The search box above a console table; the label is also its placeholder. */
export function ConsoleSearch({
  label,
  width,
  onSearch,
}: {
  label: string;
  width: number;
  onSearch: (v: string) => void;
}) {
  return <Input.Search allowClear placeholder={label} aria-label={label} onSearch={onSearch} style={{ width }} />;
}
