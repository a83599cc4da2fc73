import { Button, DataList, HStack, Menu, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ddmmyyyy, type PlanDetail, type PlanLine } from '../../../domain/kunjungan/kunjungan-plan';
import { ApiError } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { addLine, deleteLine, deletePlan, planDetailQuery, updateLine } from '../api';
import { GantiRouteListDialog } from './ganti-route-list-dialog';
import { CheckCell, FlagBadges, PhotoDialog } from './line-evidence';
import { LineDialog, type LineDraft } from './line-dialog';
import { MapDialog } from './map-dialog';
import { usePlanChoices } from './plannable';

function Header({ plan }: { plan: PlanDetail }) {
  const items: [string, string][] = [
    ['No DCP', plan.no_dcp],
    ['Karyawan', `${plan.nrp} – ${plan.karyawan.nama}`],
    ['Sales Office', plan.karyawan.sales_office ?? '-'],
    ['Client', plan.karyawan.client ?? '-'],
    ['Type SPG', plan.karyawan.type_spg ?? '-'],
    ['Lokasi', plan.karyawan.lokasi ?? '-'],
    ['Jabatan', plan.karyawan.jabatan ?? '-'],
    ['Shift', plan.shift],
    ['Period', `${plan.period_id} (${ddmmyyyy(plan.tgl_period1)} – ${ddmmyyyy(plan.tgl_period2)})`],
    ['Route List', plan.route_list ?? '-'],
  ];
  // The counts as four short figures (one long "a / b / c / d" label wrapped word by word on a phone).
  const counts: [string, number][] = [
    ['Rencana', plan.counts.planned],
    ['Check In', plan.counts.checked_in],
    ['Check Out', plan.counts.checked_out],
    ['Di luar radius', plan.counts.outside_radius],
  ];
  return (
    <Stack gap="3">
      {/* The list itself is the grid: a <dl> holds its dt/dd groups directly. */}
      <DataList.Root
        orientation="horizontal"
        size="sm"
        display="grid"
        gridTemplateColumns={{ base: 'repeat(1, minmax(0, 1fr))', md: 'repeat(2, minmax(0, 1fr))' }}
        columnGap="6"
        rowGap="1"
      >
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2" maxW="2xl" aria-label="Jumlah kunjungan" role="group">
        {counts.map(([label, n]) => (
          <Stack key={label} gap="0" borderWidth="1px" rounded="md" px="3" py="2" bg="bg">
            <Text textStyle="xs" color="fg.muted">
              {label}
            </Text>
            <Text textStyle="lg" fontWeight="semibold" data-testid={`count-${label}`}>
              {n}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; line: PlanLine };

/** /kunjungan/{no_dcp}/edit (spec §2.3, §4): read-only header, editable lines with evidence, Delete. */
export function PlanEditPage({ noDcp, onDeleted }: { noDcp: string; onDeleted: () => void }) {
  const qc = useQueryClient();
  const can = useCan();
  const canUpdate = can('kunjungan.update');
  const canDelete = can('kunjungan.delete');
  const { shiftOptions } = usePlanChoices();
  const plan = useQuery(planDetailQuery(noDcp));
  const add = useMutation(addLine(qc, noDcp));
  const update = useMutation(updateLine(qc, noDcp));
  const removeLine = useMutation(deleteLine(qc, noDcp));
  const removePlan = useMutation(deletePlan(qc, noDcp));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [lineToDelete, setLineToDelete] = useState<PlanLine | null>(null);
  const [photo, setPhoto] = useState<PlanLine | null>(null);
  const [mapLine, setMapLine] = useState<PlanLine | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<'first' | 'force' | null>(null);
  const [ganti, setGanti] = useState(false);

  const p = plan.data;
  const saveLine = (draft: LineDraft) => {
    const done = {
      onSuccess: (a: { message: string }) => (notifySuccess(a.message), setEditing(null)),
      onError: (e: Error) => notifyError(e),
    };
    if (editing?.mode === 'edit') {
      update.mutate({ id: editing.line.id, body: { shift_id: draft.shift_id, cust_code: draft.cust_code } }, done);
    } else {
      add.mutate({ tgl_dcp: draft.tgl_dcp, shift_id: draft.shift_id, cust_code: draft.cust_code }, done);
    }
  };
  const doDeletePlan = (force: boolean) =>
    removePlan.mutate(force, {
      onSuccess: (a) => {
        notifySuccess(a.message);
        onDeleted();
      },
      onError: (e) => {
        if (!force && e instanceof ApiError && e.status === 409) {
          setConfirmDelete('force');
          return;
        }
        setConfirmDelete(null);
        notifyError(e);
      },
    });

  const columns: Column<PlanLine>[] = [
    { key: 'tgl', header: 'Tanggal', cell: (l) => ddmmyyyy(l.tgl_dcp) },
    {
      key: 'store',
      header: 'Customer',
      cell: (l) => (
        <Stack gap="0">
          <Text>
            {l.cust_code} – {l.customer.cust_name}
          </Text>
          {l.customer.cust_address && (
            <Text textStyle="xs" color="fg.muted">
              {l.customer.cust_address}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'shift',
      header: 'Shift',
      cell: (l) => shiftOptions.find((s) => s.value === l.shift_id)?.label ?? l.shift_id,
    },
    { key: 'in', header: 'Check In', cell: (l) => <CheckCell line={l} side="in" /> },
    { key: 'out', header: 'Check Out', cell: (l) => <CheckCell line={l} side="out" /> },
    { key: 'flags', header: 'Catatan', cell: (l) => <FlagBadges line={l} /> },
    {
      key: 'aksi',
      header: '',
      align: 'end',
      cell: (l) => (
        <HStack gap="1" justify="end" flexWrap="wrap">
          {(l.in_jam || l.out_jam) && (
            <Button size="xs" variant="outline" onClick={() => setPhoto(l)}>
              Foto
            </Button>
          )}
          {(l.in_jam || l.out_jam) && (
            <Button size="xs" variant="outline" onClick={() => setMapLine(l)}>
              Peta
            </Button>
          )}
          {canUpdate && (
            <Button size="xs" variant="outline" onClick={() => setEditing({ mode: 'edit', line: l })}>
              Ubah
            </Button>
          )}
          {canUpdate && !l.in_jam && (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setLineToDelete(l)}>
              Hapus
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader
        title="Detail Kunjungan"
        actions={
          <HStack gap="2" flexWrap="wrap" justify="end">
            {canUpdate && p && <Button onClick={() => setEditing({ mode: 'add' })}>Tambah Baris</Button>}
            {canUpdate && p && (
              <Button variant="outline" onClick={() => setGanti(true)}>
                Ganti Route List
              </Button>
            )}
            {canDelete && p && (
              <Menu.Root positioning={{ placement: 'bottom-end' }}>
                <Menu.Trigger asChild>
                  <Button variant="outline">Action</Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="delete" color="fg.error" onSelect={() => setConfirmDelete('first')}>
                        Delete
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            )}
          </HStack>
        }
      />
      {plan.error && <Text color="fg.error">{plan.error.message}</Text>}
      {p && <Header plan={p} />}
      <DataTable
        caption="Detail kunjungan"
        columns={columns}
        rows={p?.details}
        rowKey={(l) => String(l.id)}
        loading={plan.isFetching}
      />
      {p && (
        <LineDialog
          open={!!editing}
          title={editing?.mode === 'edit' ? 'Ubah Call Plan' : 'Tambah Call Plan'}
          min={p.tgl_period1}
          max={p.tgl_period2}
          initial={
            editing?.mode === 'edit'
              ? {
                  tgl_dcp: editing.line.tgl_dcp,
                  shift_id: editing.line.shift_id,
                  cust_code: editing.line.cust_code,
                  cust_name: editing.line.customer.cust_name,
                }
              : null
          }
          dateLocked={editing?.mode === 'edit'}
          storeLocked={editing?.mode === 'edit' && !!editing.line.in_jam}
          shiftOptions={shiftOptions}
          busy={add.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSubmit={saveLine}
        />
      )}
      {p && <GantiRouteListDialog plan={p} open={ganti} onClose={() => setGanti(false)} />}
      <PhotoDialog line={photo} onClose={() => setPhoto(null)} />
      <MapDialog line={mapLine} radiusM={p?.radius_m ?? 0} onClose={() => setMapLine(null)} />
      <ConfirmDialog
        open={!!lineToDelete}
        title="Hapus Detail Kunjungan"
        confirmLabel="Hapus"
        danger
        busy={removeLine.isPending}
        onCancel={() => setLineToDelete(null)}
        onConfirm={() =>
          lineToDelete &&
          removeLine.mutate(lineToDelete.id, {
            onSuccess: (a) => notifySuccess(a.message),
            onError: (e) => notifyError(e),
            onSettled: () => setLineToDelete(null),
          })
        }
      >
        Hapus kunjungan {lineToDelete?.customer.cust_name} tanggal {lineToDelete ? ddmmyyyy(lineToDelete.tgl_dcp) : ''}?
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmDelete === 'first'}
        title="Hapus Kunjungan"
        confirmLabel="Hapus"
        danger
        busy={removePlan.isPending}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => doDeletePlan(false)}
      >
        Hapus kunjungan {noDcp} beserta seluruh detailnya?
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmDelete === 'force'}
        title="Kunjungan sudah memiliki check in"
        confirmLabel="Tetap Hapus"
        danger
        busy={removePlan.isPending}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => doDeletePlan(true)}
      >
        Kunjungan ini memiliki detail yang sudah check in. Bukti check in (jam, lokasi, foto) akan ikut terhapus dan
        tidak dapat dikembalikan. Tetap hapus?
      </ConfirmDialog>
    </Stack>
  );
}
