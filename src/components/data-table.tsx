import { Box, Button, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/http';
import { useMediaQuery } from './use-media-query';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: string;
  align?: 'start' | 'end' | 'center';
  /**
   * Its place in a row's card on a narrow screen: the first column is the card's title and a column
   * keyed `aksi` its button row, unless said otherwise; every other column is a labelled line.
   */
  card?: 'title' | 'line' | 'actions';
  /** A long header may break onto two lines (a table with many columns keeps its buttons in view). */
  wrapHeader?: boolean;
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

/**
 * Below this width a row becomes a card: a table's columns would push its buttons off a phone, and a
 * tablet beside the side menu has ~500 px for it. Inverted (max-width) so that a browser without
 * matchMedia gets the table.
 */
const NARROW = '(max-width: 63.99em)';

function cardPlace<T>(c: Column<T>, i: number): NonNullable<Column<T>['card']> {
  return c.card ?? (i === 0 ? 'title' : c.key === 'aksi' ? 'actions' : 'line');
}

/** The list of every screen: a table on wide screens, cards on narrow ones; loading, error, empty and paging. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, error, paging, emptyText = 'Tidak ada data' } = props;
  const narrow = useMediaQuery(NARROW);
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.perPage)) : 1;
  return (
    <Box bg={narrow ? undefined : 'bg'} borderWidth={narrow ? undefined : '1px'} rounded="md" overflow="hidden">
      {narrow ? <CardList {...props} /> : <RowTable {...props} />}
      {error ? (
        <Text p="4" color="fg.error" role="alert">
          {errorMessage(error)}
        </Text>
      ) : null}
      {!error && rows && rows.length === 0 && (
        <Text p="4" color="fg.muted" textAlign="center" bg="bg" borderWidth={narrow ? '1px' : undefined} rounded="md">
          {emptyText}
        </Text>
      )}
      {paging && (
        <HStack
          justify="space-between"
          px={narrow ? '1' : '4'}
          py="2"
          borderTopWidth={narrow ? undefined : '1px'}
          flexWrap="wrap"
        >
          <Text textStyle="sm" color="fg.muted">
            {paging.total} data · Halaman {paging.page} dari {pages}
          </Text>
          <HStack>
            <Button
              size={narrow ? 'md' : 'xs'}
              variant="outline"
              disabled={paging.page <= 1}
              onClick={() => paging.onPage(paging.page - 1)}
            >
              Sebelumnya
            </Button>
            <Button
              size={narrow ? 'md' : 'xs'}
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

function RowTable<T>({ columns, rows, rowKey, loading, caption }: DataTableProps<T>) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive aria-label={caption} aria-busy={loading}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                width={c.width}
                textAlign={c.align}
                whiteSpace={c.wrapHeader ? 'normal' : 'nowrap'}
              >
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
  );
}

/**
 * One card per row: the title, then "header: value" lines, then the row's buttons across the card.
 * Still a table to assistive technology (and to tests): the cards carry the table, row and cell roles.
 */
function CardList<T>({ columns, rows, rowKey, loading, caption }: DataTableProps<T>) {
  const placed = columns.map((c, i) => ({ c, place: cardPlace(c, i) }));
  const lines = placed.filter((p) => p.place === 'line').map((p) => p.c);
  const title = placed.filter((p) => p.place === 'title').map((p) => p.c);
  const actions = placed.filter((p) => p.place === 'actions').map((p) => p.c);
  return (
    <Stack gap="2" role="table" aria-label={caption} aria-busy={loading}>
      {loading && !rows
        ? Array.from({ length: 3 }, (_, i) => (
            <Box role="row" key={`skeleton-${i}`} bg="bg" borderWidth="1px" rounded="md" p="3">
              <Skeleton height="4" mb="2" />
              <Skeleton height="4" width="60%" />
            </Box>
          ))
        : rows?.map((row) => (
            <Box role="row" key={rowKey(row)} bg="bg" borderWidth="1px" rounded="md" p="3" data-testid="data-card">
              <Stack gap="2">
                {title.map((c) => (
                  <Box role="cell" key={c.key} fontWeight="medium" minW="0">
                    {c.cell(row)}
                  </Box>
                ))}
                {lines.map((c) => (
                  <HStack role="cell" key={c.key} align="start" gap="3" textStyle="sm" minW="0">
                    {typeof c.header === 'string' && (
                      <Text color="fg.muted" flexShrink={0} w="28">
                        {c.header}
                      </Text>
                    )}
                    <Box minW="0" flex="1" overflowWrap="anywhere">
                      {c.cell(row)}
                    </Box>
                  </HStack>
                ))}
                {actions.map((c) => (
                  <Box role="cell" key={c.key} pt="1" css={{ '& > *': { justifyContent: 'flex-start' } }}>
                    {c.cell(row)}
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
    </Stack>
  );
}
