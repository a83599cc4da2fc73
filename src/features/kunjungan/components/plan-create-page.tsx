import { Alert, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { byTanggal, ddmmyyyy, KUNJUNGAN_PLAN_MESSAGES as M } from '../../../domain/kunjungan/kunjungan-plan';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createPlan, generatePlan } from '../api';
import { KaryawanPickerDialog } from './karyawan-picker-dialog';
import { LineDialog, type LineDraft } from './line-dialog';
import { HeaderField as FormField, PlainSelect } from './native-select';
import { PastDaysCheckbox } from './past-days';
import { currentPeriodId, usePlanChoices } from './plannable';

type Row = LineDraft & { key: number; cust_address: string | null };

/**
 * /kunjungan/create/new (spec §2.3, §4): employee, shift and period; Pratinjau (the spec's Submit: it only
 * previews) generates the rows from the employee's route-list matrix; the header locks while rows exist;
 * rows are added and removed; Simpan saves after a confirmation.
 */
export function PlanCreatePage({ onSaved, onCancel }: { onSaved: (noDcp: string) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const { periods, periodOptions, shiftOptions } = usePlanChoices();
  const [karyawan, setKaryawan] = useState<{ nrp: string; nama: string } | null>(null);
  const [shift, setShift] = useState('');
  const [period, setPeriod] = useState('');
  const [pastToo, setPastToo] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [existing, setExisting] = useState<string | null>(null);
  const [leaveDays, setLeaveDays] = useState<string[]>([]);
  const [generating, setGenerating] = useState(false);
  const [picker, setPicker] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const nextKey = useRef(1);
  const save = useMutation(createPlan(qc));

  const p = periods.find((x) => x.id === period);
  const valid = !!karyawan && !!shift && !!p;
  const locked = rows.length > 0;
  const shiftName = (id: string) => shiftOptions.find((s) => s.value === id)?.label ?? id;

  const submit = async () => {
    if (!karyawan || !p) return;
    setGenerating(true);
    try {
      const g = await generatePlan({
        nrp: karyawan.nrp,
        shift_id: shift,
        period_id: p.id,
        tgl_period1: p.mulai,
        tgl_period2: p.akhir,
        hari_lalu: pastToo,
      });
      setExisting(g.existing_no_dcp);
      setLeaveDays(g.leave_days);
      if (!g.existing_no_dcp) {
        setRows(byTanggal(g.details.map((d) => ({ ...d, key: nextKey.current++ }))));
        if (g.details.length === 0)
          notifyError(
            new Error(
              p.id === currentPeriodId() && !pastToo
                ? 'Tidak ada jadwal dari matrix route list karyawan ini mulai hari ini'
                : 'Tidak ada jadwal dari matrix route list karyawan ini',
            ),
          );
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setGenerating(false);
    }
  };

  const addRow = (line: LineDraft) => {
    if (rows.some((r) => r.tgl_dcp === line.tgl_dcp && r.cust_code === line.cust_code)) {
      notifyError(new Error(M.duplicateLine));
      return;
    }
    setRows(byTanggal([...rows, { ...line, key: nextKey.current++, cust_address: null }]));
    setAdding(false);
  };

  const doSave = () => {
    if (!karyawan || !p) return;
    save.mutate(
      {
        nrp: karyawan.nrp,
        shift_id: shift,
        period_id: p.id,
        tgl_period1: p.mulai,
        tgl_period2: p.akhir,
        details: rows.map(({ tgl_dcp, shift_id, cust_code }) => ({ tgl_dcp, shift_id, cust_code })),
      },
      {
        onSuccess: (a) => {
          notifySuccess(a.message);
          onSaved(a.result.no_dcp);
        },
        onError: (e) => {
          setConfirm(false);
          notifyError(e);
        },
      },
    );
  };

  const columns: Column<Row>[] = [
    { key: 'tgl', header: 'Tanggal', cell: (r) => ddmmyyyy(r.tgl_dcp) },
    { key: 'store', header: 'Customer', cell: (r) => `${r.cust_code} – ${r.cust_name}` },
    { key: 'shift', header: 'Shift', cell: (r) => shiftName(r.shift_id) },
    {
      key: 'aksi',
      header: '',
      align: 'end',
      cell: (r) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Hapus ${r.cust_code} ${r.tgl_dcp}`}
          onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
        >
          Hapus
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title="Tambah Kunjungan" />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField label="Karyawan" required disabled={locked}>
          <HStack w="full">
            <Input readOnly value={karyawan ? `${karyawan.nrp} – ${karyawan.nama}` : ''} placeholder="Pilih karyawan" />
            <Button variant="outline" onClick={() => setPicker(true)} disabled={locked}>
              Pilih
            </Button>
          </HStack>
        </FormField>
        <FormField label="Shift" required disabled={locked}>
          <PlainSelect
            label="Shift"
            value={shift}
            placeholder="Pilih shift"
            options={shiftOptions}
            onChange={setShift}
            disabled={locked}
          />
        </FormField>
        <FormField label="Period" required disabled={locked}>
          <PlainSelect
            label="Period"
            value={period}
            placeholder="Pilih period"
            options={periodOptions}
            onChange={(v) => {
              setPeriod(v);
              setExisting(null);
            }}
            disabled={locked}
          />
        </FormField>
      </SimpleGrid>
      <PastDaysCheckbox period={period} checked={pastToo} onChange={setPastToo} disabled={locked} />
      <HStack gap="2" flexWrap="wrap">
        <Button onClick={() => void submit()} disabled={!valid || locked} loading={generating}>
          Pratinjau
        </Button>
        <Button variant="outline" onClick={() => setAdding(true)} disabled={!valid || !!existing}>
          Tambah Baris
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Batal
        </Button>
      </HStack>
      {existing && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {M.exists(existing)}.{' '}
            <Link to="/kunjungan/$no_dcp/edit" params={{ no_dcp: existing }}>
              <Text as="span" textDecoration="underline">
                Buka kunjungan
              </Text>
            </Link>
          </Alert.Title>
        </Alert.Root>
      )}
      {leaveDays.length > 0 && (
        <Text color="fg.muted" textStyle="sm">
          Hari leave yang dilewati: {leaveDays.map(ddmmyyyy).join(', ')}
        </Text>
      )}
      <DataTable
        caption="Detail kunjungan"
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.key)}
        loading={false}
        error={null}
      />
      <HStack justify="end">
        <Button onClick={() => setConfirm(true)} disabled={rows.length === 0}>
          Simpan
        </Button>
      </HStack>
      <KaryawanPickerDialog
        open={picker}
        onClose={() => setPicker(false)}
        onPick={(k) => {
          setKaryawan({ nrp: k.nrp, nama: k.nama });
          setExisting(null);
          setPicker(false);
        }}
      />
      {p && (
        <LineDialog
          open={adding}
          title="Tambah Call Plan"
          min={p.mulai}
          max={p.akhir}
          initial={null}
          shiftOptions={shiftOptions}
          onClose={() => setAdding(false)}
          onSubmit={addRow}
        />
      )}
      <ConfirmDialog
        open={confirm}
        title="Simpan Kunjungan"
        confirmLabel="Simpan"
        busy={save.isPending}
        onConfirm={doSave}
        onCancel={() => setConfirm(false)}
      >
        Simpan kunjungan {karyawan?.nama} untuk period {period} dengan {rows.length} detail?
        {save.error ? ` ${errorMessage(save.error)}` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
