import { Box, Button, HStack, Skeleton, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/http';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: string;
  align?: 'start' | 'end' | 'center';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  /** Omit for a table that shows every row. */
  paging?: { page: number; perPage: number; total: number; onPage: (page: number) => void };
  caption?: string;
  emptyText?: string;
}

/** The list table of every admin screen: loading, error and empty states, and paging. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  paging,
  caption,
  emptyText = 'Tidak ada data',
}: DataTableProps<T>) {
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.perPage)) : 1;
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" overflow="hidden">
      <Box overflowX="auto">
        <Table.Root size="sm" interactive aria-label={caption} aria-busy={loading}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {columns.map((c) => (
                <Table.ColumnHeader key={c.key} width={c.width} textAlign={c.align} whiteSpace="nowrap">
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading && !rows
              ? Array.from({ length: 3 }, (_, i) => (
                  <Table.Row key={`skeleton-${i}`}>
                    {columns.map((c) => (
                      <Table.Cell key={c.key}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : rows?.map((row) => (
                  <Table.Row key={rowKey(row)}>
                    {columns.map((c) => (
                      <Table.Cell key={c.key} textAlign={c.align}>
                        {c.cell(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {error ? (
        <Text p="4" color="fg.error" role="alert">
          {errorMessage(error)}
        </Text>
      ) : null}
      {!error && rows && rows.length === 0 && (
        <Text p="4" color="fg.muted" textAlign="center">
          {emptyText}
        </Text>
      )}
      {paging && (
        <HStack justify="space-between" px="4" py="2" borderTopWidth="1px" flexWrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            {paging.total} data · Halaman {paging.page} dari {pages}
          </Text>
          <HStack>
            <Button
              size="xs"
              variant="outline"
              disabled={paging.page <= 1}
              onClick={() => paging.onPage(paging.page - 1)}
            >
              Sebelumnya
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={paging.page >= pages}
              onClick={() => paging.onPage(paging.page + 1)}
            >
              Berikutnya
            </Button>
          </HStack>
        </HStack>
      )}
    </Box>
  );
}
