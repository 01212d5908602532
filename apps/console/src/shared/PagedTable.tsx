import { useQuery } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { useState } from 'react';
import { get, type Page, type Query } from './api.ts';

interface PagedTableProps<Row> extends Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading'> {
  /** A console list endpoint answering a Page. */
  path: string;
  query?: Query;
  pageSize?: number;
}

/** A table over one of the console's paged lists, fetching each page as it is opened. */
export function PagedTable<Row extends object>({ path, query = {}, pageSize = 20, ...table }: PagedTableProps<Row>) {
  const [page, setPage] = useState(1);
  const result = useQuery({ queryKey: [path, query, page, pageSize], queryFn: () => get<Page<Row>>(path, { ...query, page, limit: pageSize }) });
  return (
    <Table<Row>
      size="small"
      {...table}
      dataSource={result.data?.list}
      loading={result.isFetching}
      pagination={{ current: page, pageSize, total: result.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
    />
  );
}
