import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { DataTable, type Column } from '../../../components/data-table';
import { OnlineOnly } from '../../../components/online-only';
import {
  REPORT_FILTER_KEYS,
  type ReportAbsensiFilter,
  type ReportAbsensiQuery,
} from '../../../domain/report/report-absensi';
import type { ReportKind } from '../api';
import { ReportFilterPanel } from './report-filter';

export interface ReportPageProps {
  search: ReportAbsensiQuery;
  onSearch: (change: Partial<ReportAbsensiQuery>) => void;
}

export const filterOf = (q: ReportAbsensiQuery): ReportAbsensiFilter =>
  Object.fromEntries(REPORT_FILTER_KEYS.map((k) => [k, q[k]])) as ReportAbsensiFilter;

/** A report screen: title, the filter panel, then the table once a period is chosen. Online only. */
export function ReportShell({
  title,
  kind,
  search,
  onSearch,
  children,
}: ReportPageProps & { title: string; kind: ReportKind; children: ReactNode }) {
  return (
    <OnlineOnly>
      <Stack gap="4">
        <PageHeader title={title} />
        <ReportFilterPanel
          // A new address (Clear, the menu) starts the panel from what it says.
          key={JSON.stringify(filterOf(search))}
          kind={kind}
          applied={filterOf(search)}
          onApply={(f) => onSearch({ ...f, page: 1 })}
        />
        {search.period ? children : <Text color="fg.muted">Pilih period lalu tekan Filter.</Text>}
      </Stack>
    </OnlineOnly>
  );
}

/** A report's page of rows: the table with its loading, error and paging, the page kept in the address. */
export function ReportTable<T>({
  caption,
  columns,
  rowKey,
  report,
  search,
  onSearch,
}: ReportPageProps & {
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  report: { data?: { result: T[]; totalCount: number }; isFetching: boolean; error: unknown };
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={report.data?.result}
      rowKey={rowKey}
      loading={report.isFetching}
      error={report.error}
      paging={{
        page: search.page,
        perPage: search.per_page,
        total: report.data?.totalCount ?? 0,
        onPage: (page) => onSearch({ page }),
      }}
    />
  );
}
