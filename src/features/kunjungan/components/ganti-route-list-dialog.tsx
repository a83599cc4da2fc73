import { Button, Checkbox, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { ddmmyyyy, type GantiRouteListResult, type PlanDetail } from '../../../domain/kunjungan/kunjungan-plan';
import { routeListLookupQuery } from '../../../lib/lookups';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { gantiPreviewQuery, gantiRouteList } from '../api';
import { PlainSelect } from './native-select';

/**
 * "Ganti Route List" (docs/decisions/030-route-list-change-and-fresh-pickers.md): the plan follows another
 * route list from a day on. Only open lines from that day change; the summary says how many go, come and
 * stay before anything is written.
 */
export function GantiRouteListDialog({
  plan,
  open,
  onClose,
}: {
  plan: PlanDetail;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>Ganti Route List</Dialog.Title>
            </Dialog.Header>
            {/* Mounted per opening: each opening starts from the plan as it is now. */}
            {open && <GantiForm plan={plan} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Summary({ r }: { r: GantiRouteListResult }) {
  return (
    <Stack gap="1" data-testid="ganti-summary" bg="bg.muted" rounded="md" px="3" py="2" textStyle="sm">
      <Text fontWeight="medium">
        {ddmmyyyy(r.tgl_mulai)} – {ddmmyyyy(r.tgl_akhir)}: {r.route_list_id} – {r.route_list}
      </Text>
      <Text>{r.added} kunjungan baru ditambahkan</Text>
      <Text>{r.removed} kunjungan tanpa check in dihapus</Text>
      <Text>{r.unchanged} kunjungan tetap (store dan shift sama)</Text>
      <Text>{r.kept} kunjungan yang sudah check in tidak diubah</Text>
      {r.leave_days.length > 0 && (
        <Text color="fg.muted">Hari leave yang dilewati: {r.leave_days.map(ddmmyyyy).join(', ')}</Text>
      )}
      <Text color="fg.muted">Kunjungan sebelum tanggal mulai tidak diubah.</Text>
    </Stack>
  );
}

function GantiForm({ plan, onClose }: { plan: PlanDetail; onClose: () => void }) {
  const qc = useQueryClient();
  const routeLists = useQuery(routeListLookupQuery());
  const [rl, setRl] = useState(plan.route_list_id ?? '');
  // '' = the server's default: today in her zone (the plan's first day before it starts).
  const [mulai, setMulai] = useState('');
  const [pastToo, setPastToo] = useState(false);
  const base = useQuery({
    ...gantiPreviewQuery(plan.no_dcp, { route_list_id: rl, tgl_mulai: '', hari_lalu: false }),
    enabled: !!rl,
  });
  const defaultStart = base.data?.tgl_mulai ?? '';
  const shown = mulai || defaultStart;
  const beforeToday = !!mulai && !!defaultStart && mulai < defaultStart;
  const input = { route_list_id: rl, tgl_mulai: mulai, hari_lalu: beforeToday && pastToo };
  const preview = useQuery({ ...gantiPreviewQuery(plan.no_dcp, input), enabled: !!rl });
  const save = useMutation(gantiRouteList(qc, plan.no_dcp));
  const r = preview.data;
  const submit = () =>
    save.mutate(input, {
      onSuccess: (a) => {
        notifySuccess(a.message);
        onClose();
      },
      onError: (e) => notifyError(e),
    });

  return (
    <>
      <Dialog.Body>
        <Stack gap="3">
          <FormField label="Route List" required>
            <PlainSelect
              label="Route List"
              value={rl}
              placeholder="Pilih route list"
              options={(routeLists.data ?? []).map((x) => ({ value: x.id, label: `${x.id} – ${x.nama}` }))}
              onChange={setRl}
            />
          </FormField>
          <FormField label="Mulai Tanggal" required>
            <Input
              type="date"
              aria-label="Mulai Tanggal"
              value={shown}
              min={plan.tgl_period1}
              max={plan.tgl_period2}
              onChange={(e) => setMulai(e.target.value)}
            />
          </FormField>
          {beforeToday && (
            <Checkbox.Root checked={pastToo} onCheckedChange={(e) => setPastToo(e.checked === true)} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Termasuk hari yang sudah lewat</Checkbox.Label>
            </Checkbox.Root>
          )}
          {!!rl && preview.isFetching && !r && <Text color="fg.muted">Menghitung…</Text>}
          {preview.error && <Text color="fg.error">{preview.error.message}</Text>}
          {r && !preview.error && <Summary r={r} />}
          <Text textStyle="xs" color="fg.muted">
            Route list di data karyawan tidak ikut berubah.
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Batal
        </Button>
        <Button onClick={submit} disabled={!r || !!preview.error || preview.isFetching} loading={save.isPending}>
          Simpan
        </Button>
      </Dialog.Footer>
    </>
  );
}
