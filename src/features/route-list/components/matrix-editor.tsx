import { Box, Button, chakra, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CrossIcon } from '../../../components/icons';
import {
  MATRIX_DAY_LABELS,
  MATRIX_DAY_NAMES,
  MATRIX_DAYS,
  MATRIX_KEYS,
  MATRIX_WEEKS,
  matrixKey,
  visitCount,
  type MatrixKey,
  type MatrixRow,
} from '../../../domain/route-list/matrix-kunjungan';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { addMatrixStore, matrixQuery, removeMatrixStore, switchMatrixDay, switchMatrixRow } from '../api';
import { DaySwitch } from './day-switch';
import { StorePickerDialog } from './store-picker-dialog';

const Th = chakra('th');
const Td = chakra('td');
/** Every other week is shaded, and a week starts with a stronger line: 35 switches read as 5 × 7. */
const weekBg = (w: number) => (w % 2 === 0 ? 'bg.subtle' : 'bg');
const weekEdge = (d: number) => (d === 1 ? { borderLeftWidth: '2px', borderLeftColor: 'border.emphasized' } : {});
// On a desktop (xl, 1280 px and up) the 35 days fit beside the store column without scrolling; below
// that the days scroll under a sticky store column, with touch-sized switches.
const STORE_COL = { base: '8.5rem', md: '10rem', xl: '11rem' };
const CELL_PX = { base: '0.5', xl: '1px' };

interface Props {
  routeListId: string;
  canEdit: boolean;
}

/**
 * The weekly visit matrix of one route list (spec part 2 §2.5, §3): one row per store, a switch per day
 * of weeks 1–5, add a store, remove a store. Every change goes to the server at once; whatever its
 * outcome the matrix is read back from the server (a failure is also shown), so the grid never shows
 * a state the server does not hold.
 */
export function MatrixEditor({ routeListId, canEdit }: Props) {
  const qc = useQueryClient();
  const query = useQuery(matrixQuery(routeListId));
  const switchDay = useMutation(switchMatrixDay(qc, routeListId));
  const switchRow = useMutation(switchMatrixRow(qc, routeListId));
  const add = useMutation(addMatrixStore(qc, routeListId));
  const remove = useMutation(removeMatrixStore(qc, routeListId));
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<MatrixRow | null>(null);
  const rows = query.data;
  const taken = useMemo(() => new Set((rows ?? []).map((r) => r.cust_code)), [rows]);

  const toggle = (row: MatrixRow, key: MatrixKey) => {
    const cell = `${row.cust_code}|${key}`;
    const on = row[key] !== 'X';
    setPending((p) => new Map(p).set(cell, on));
    switchDay
      .mutateAsync({ custCode: row.cust_code, key, on })
      .catch((err: unknown) => notifyError(err))
      .finally(() =>
        setPending((p) => {
          const next = new Map(p);
          next.delete(cell);
          return next;
        }),
      );
  };

  // "Semua hari": a store visited every day is one tap, not 35; off again when every day is on.
  const toggleRow = (row: MatrixRow) => {
    const on = visitCount(row) < MATRIX_KEYS.length;
    const cells = MATRIX_KEYS.map((k) => `${row.cust_code}|${k}`);
    setPending((p) => {
      const next = new Map(p);
      for (const c of cells) next.set(c, on);
      return next;
    });
    switchRow
      .mutateAsync({ custCode: row.cust_code, on })
      .catch((err: unknown) => notifyError(err))
      .finally(() =>
        setPending((p) => {
          const next = new Map(p);
          for (const c of cells) next.delete(c);
          return next;
        }),
      );
  };

  const pick = (custCode: string) =>
    add.mutate(custCode, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setPicking(false);
      },
      onError: (err) => notifyError(err),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.cust_code, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (err) => notifyError(err),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted" textStyle="sm">
          {rows ? `${rows.length} store` : ''} · Minggu 1–5 × Senin–Minggu, X = kunjungan
        </Text>
        {canEdit && (
          <Button size="sm" onClick={() => setPicking(true)}>
            Tambah Store
          </Button>
        )}
      </HStack>
      {query.isPending && <Skeleton height="40" />}
      {query.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(query.error)}
        </Text>
      )}
      {rows && rows.length === 0 && (
        <Box borderWidth="1px" rounded="md" p="6" bg="bg" textAlign="center" color="fg.muted">
          Belum ada store di route list ini.
        </Box>
      )}
      {rows && rows.length > 0 && (
        <Box
          overflowX="auto"
          borderWidth="1px"
          rounded="md"
          bg="bg"
          maxW="full"
          data-testid="matrix-scroll"
          opacity={query.isFetching && pending.size === 0 ? 0.85 : 1}
        >
          <chakra.table borderCollapse="separate" borderSpacing="0" fontSize="sm" aria-label="Matrix kunjungan">
            <thead>
              <tr>
                <Th
                  rowSpan={2}
                  position="sticky"
                  left="0"
                  zIndex="2"
                  bg="bg.muted"
                  minW={STORE_COL}
                  maxW={STORE_COL}
                  textAlign="start"
                  px="2"
                  borderBottomWidth="1px"
                  borderRightWidth="1px"
                >
                  Store
                </Th>
                {MATRIX_WEEKS.map((w) => (
                  <Th key={w} colSpan={7} bg={weekBg(w)} py="1" {...weekEdge(1)} fontWeight="semibold">
                    Minggu {w}
                  </Th>
                ))}
                {canEdit && (
                  <Th rowSpan={2} bg="bg.muted" px="2" borderBottomWidth="1px">
                    <chakra.span srOnly>Aksi</chakra.span>
                  </Th>
                )}
              </tr>
              <tr>
                {MATRIX_WEEKS.map((w) =>
                  MATRIX_DAYS.map((d) => (
                    <Th
                      key={`${w}-${d}`}
                      bg={weekBg(w)}
                      fontWeight="normal"
                      textStyle={{ base: 'xs', xl: '2xs' }}
                      color="fg.muted"
                      px={CELL_PX}
                      pb="1"
                      borderBottomWidth="1px"
                      {...weekEdge(d)}
                      title={`${MATRIX_DAY_NAMES[d - 1]} minggu ${w}`}
                    >
                      {MATRIX_DAY_LABELS[d - 1]}
                    </Th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.cust_code}>
                  <Th
                    scope="row"
                    position="sticky"
                    left="0"
                    zIndex="1"
                    bg="bg"
                    minW={STORE_COL}
                    maxW={STORE_COL}
                    textAlign="start"
                    fontWeight="normal"
                    px="2"
                    py="1"
                    borderBottomWidth="1px"
                    borderRightWidth="1px"
                  >
                    <Text fontWeight="medium" truncate title={row.store.cust_name}>
                      {row.store.cust_name}
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      {row.cust_code} · {visitCount(row)} kunjungan
                    </Text>
                    {canEdit && <AllDaysSwitch row={row} pending={pending} onToggle={() => toggleRow(row)} />}
                  </Th>
                  {MATRIX_WEEKS.map((w) =>
                    MATRIX_DAYS.map((d) => {
                      const key = matrixKey(w, d);
                      const cell = pending.get(`${row.cust_code}|${key}`);
                      return (
                        <Td
                          key={key}
                          bg={weekBg(w)}
                          px={CELL_PX}
                          py="1"
                          textAlign="center"
                          borderBottomWidth="1px"
                          {...weekEdge(d)}
                        >
                          <DaySwitch
                            on={cell ?? row[key] === 'X'}
                            pending={cell !== undefined}
                            disabled={!canEdit}
                            label={`${row.store.cust_name}: minggu ${w} ${MATRIX_DAY_NAMES[d - 1]}`}
                            onToggle={() => toggle(row, key)}
                          />
                        </Td>
                      );
                    }),
                  )}
                  {canEdit && (
                    <Td px="1" borderBottomWidth="1px" textAlign="center">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Hapus ${row.store.cust_name} dari matrix`}
                        onClick={() => setRemoving(row)}
                      >
                        <CrossIcon />
                      </IconButton>
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </chakra.table>
        </Box>
      )}
      <StorePickerDialog
        open={picking}
        taken={taken}
        busyCode={add.isPending ? (add.variables ?? null) : null}
        onPick={pick}
        onClose={() => setPicking(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Hapus Store"
        confirmLabel="Hapus"
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && `Hapus ${removing.store.cust_name} (${removing.cust_code}) dari matrix route list ini?`}
      </ConfirmDialog>
    </Stack>
  );
}

/** The row's "Semua hari" switch: on when the store is visited on all 35 days. */
function AllDaysSwitch({
  row,
  pending,
  onToggle,
}: {
  row: MatrixRow;
  pending: ReadonlyMap<string, boolean>;
  onToggle: () => void;
}) {
  const busy = MATRIX_KEYS.some((k) => pending.has(`${row.cust_code}|${k}`));
  const all = visitCount(row) === MATRIX_KEYS.length;
  return (
    <chakra.button
      type="button"
      role="switch"
      aria-checked={all}
      aria-label={`${row.store.cust_name}: semua hari`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onToggle}
      display="inline-flex"
      alignItems="center"
      gap="1.5"
      mt="1"
      minH={{ base: '7', xl: '6' }}
      px="1.5"
      rounded="sm"
      borderWidth="1px"
      borderColor={all ? 'green.600' : 'border.emphasized'}
      bg={all ? 'green.subtle' : 'bg'}
      color={all ? 'green.fg' : 'fg'}
      textStyle="xs"
      cursor="pointer"
      opacity={busy ? 0.55 : 1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'green.500', outlineOffset: '1px' }}
    >
      <chakra.span
        w="3"
        h="3"
        rounded="xs"
        borderWidth="1px"
        borderColor={all ? 'green.600' : 'border.emphasized'}
        bg={all ? 'green.600' : 'transparent'}
      />
      Semua hari
    </chakra.button>
  );
}
