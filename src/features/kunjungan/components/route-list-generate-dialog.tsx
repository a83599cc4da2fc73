import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routeListLookupQuery } from '../../../lib/lookups';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { generateRouteList, routeListPreviewQuery } from '../api';
import { PlainSelect } from './native-select';
import { PastDaysCheckbox } from './past-days';
import { usePlanChoices } from './plannable';

/**
 * Beyond the spec: the plans of every employee of a route list for a period in one action. The preview
 * says how many plans and lines it will create; employees already planned keep their plan.
 */
export function RouteListGenerateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const { periodOptions, shiftOptions } = usePlanChoices();
  const routeLists = useQuery({ ...routeListLookupQuery(), enabled: open });
  const [rl, setRl] = useState('');
  const [period, setPeriod] = useState('');
  const [shift, setShift] = useState('');
  const [pastToo, setPastToo] = useState(false);
  const ready = !!rl && !!period && !!shift;
  const preview = useQuery({ ...routeListPreviewQuery(rl, period, shift, pastToo), enabled: open && ready });
  const run = useMutation(generateRouteList(qc));
  const submit = () =>
    run.mutate(
      { rl, period_id: period, shift_id: shift, hari_lalu: pastToo },
      {
        onSuccess: (a) => {
          notifySuccess(a.message);
          onClose();
        },
        onError: (e) => notifyError(e),
      },
    );
  const p = preview.data;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>Generate Kunjungan per Route List</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <PlainSelect
                  label="Route List"
                  value={rl}
                  placeholder="Pilih route list"
                  options={(routeLists.data ?? []).map((r) => ({ value: r.id, label: `${r.id} – ${r.nama}` }))}
                  onChange={setRl}
                />
                <PlainSelect
                  label="Period"
                  value={period}
                  placeholder="Pilih period"
                  options={periodOptions}
                  onChange={setPeriod}
                />
                <PlainSelect
                  label="Shift"
                  value={shift}
                  placeholder="Pilih shift"
                  options={shiftOptions}
                  onChange={setShift}
                />
                <PastDaysCheckbox period={period} checked={pastToo} onChange={setPastToo} />
                {ready && preview.isFetching && <Text color="fg.muted">Menghitung…</Text>}
                {preview.error && <Text color="fg.error">{preview.error.message}</Text>}
                {p && !preview.isFetching && (
                  <Text data-testid="generate-preview">
                    {p.employees} karyawan: {p.plans} kunjungan baru dengan {p.lines} detail akan dibuat
                    {p.skipped > 0 ? `; ${p.skipped} karyawan sudah memiliki kunjungan dan dilewati` : ''}.
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Batal
              </Button>
              <Button onClick={submit} disabled={!p || p.plans === 0} loading={run.isPending}>
                Generate
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
