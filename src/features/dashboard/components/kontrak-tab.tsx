import { Button, CloseButton, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ALERT_IDS, ALERT_LABEL, DASHBOARD_TEXTS, type AlertId } from '../../../domain/dashboard/dashboard';
import { tanggalPanjang } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notifyError } from '../../../lib/toast';
import { exportKontrakDetail, kontrakAlertQuery, kontrakDetailQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

interface Pick {
  lokasiId: string;
  nama: string;
  alert: AlertId;
}

function DetailDialog({ date, pick, onClose }: { date: string; pick: Pick; onClose: () => void }) {
  const query = useQuery(kontrakDetailQuery(date, pick.lokasiId, pick.alert));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await exportKontrakDetail(date, pick.lokasiId, pick.alert);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'full', md: 'xl' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '0', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>
                {pick.lokasiId} - {pick.nama}: {ALERT_LABEL[pick.alert]}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Button alignSelf="start" size="sm" colorPalette="green" onClick={() => void save()} loading={busy}>
                  {DASHBOARD_TEXTS.exportToExcel}
                </Button>
                {query.error ? (
                  <Text color="fg.error" role="alert">
                    {errorMessage(query.error)}
                  </Text>
                ) : (
                  <Table.ScrollArea borderWidth="1px" rounded="md" maxH="60vh">
                    <Table.Root size="sm" stickyHeader>
                      <Table.Header>
                        <Table.Row>
                          {(query.data?.columns ?? []).map((c) => (
                            <Table.ColumnHeader key={c.id} whiteSpace="nowrap">
                              {c.label}
                            </Table.ColumnHeader>
                          ))}
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {(query.data?.result ?? []).map((r) => (
                          <Table.Row key={r.nrp}>
                            <Table.Cell>
                              <Link to="/karyawan/$id/edit" params={{ id: r.nrp }}>
                                <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
                                  {r.nrp}
                                </Text>
                              </Link>
                            </Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{r.nama}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{r.no_kontrak ?? '-'}</Table.Cell>
                            <Table.Cell textAlign="end">{r.per_kontrak}</Table.Cell>
                            <Table.Cell textAlign="end">{r.lama_kontrak ?? '-'}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{tanggalPanjang(r.mulai_kontrak)}</Table.Cell>
                            <Table.Cell whiteSpace="nowrap">{tanggalPanjang(r.selesai_kontrak)}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {T.tutup}
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

/** Tab Rekap Kontrak: contracts ending per location and alert category; a count opens its employees. */
export function KontrakTab({ date }: { date: string }) {
  const query = useQuery(kontrakAlertQuery(date));
  const [pick, setPick] = useState<Pick | null>(null);
  if (query.error)
    return (
      <Text color="fg.error" role="alert">
        {errorMessage(query.error)}
      </Text>
    );
  const rows = query.data?.result ?? [];
  const columns = query.data?.columns ?? ALERT_IDS.map((id) => ({ id, label: ALERT_LABEL[id] }));
  return (
    <Stack gap="3">
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label={T.kontrakTable}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{T.lokasi}</Table.ColumnHeader>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.id} textAlign="end" whiteSpace="nowrap">
                  {c.label}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">{T.total}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id} data-lokasi={r.id}>
                <Table.Cell whiteSpace="nowrap">
                  {r.id} - {r.nama}
                </Table.Cell>
                {ALERT_IDS.map((id) => (
                  <Table.Cell key={id} textAlign="end">
                    {r[id] > 0 ? (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette={id === 'expired' ? 'red' : 'green'}
                        onClick={() => setPick({ lokasiId: r.id, nama: r.nama, alert: id })}
                        aria-label={`${r.id} ${ALERT_LABEL[id]}: ${r[id]}`}
                      >
                        {r[id]}
                      </Button>
                    ) : (
                      <Text as="span" color="fg.subtle" px="2">
                        0
                      </Text>
                    )}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end" fontWeight="medium">
                  {r.total}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {query.data && rows.length === 0 && (
        <Text color="fg.muted" textAlign="center">
          {T.kontrakKosong}
        </Text>
      )}
      {pick && <DetailDialog date={date} pick={pick} onClose={() => setPick(null)} />}
    </Stack>
  );
}
