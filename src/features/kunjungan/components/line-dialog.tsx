import { Button, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { KUNJUNGAN_PLAN_MESSAGES as M, tanggalIssue, type PlanLineInput } from '../../../domain/kunjungan/kunjungan-plan';
import { useDebounced } from '../../../lib/use-debounced';
import { storeSearchQuery } from '../api';
import { PlainSelect } from './native-select';

export interface LineDraft extends PlanLineInput {
  cust_name: string;
}

interface Props {
  open: boolean;
  title: string;
  /** The plan's dates (spec §5: a line's date lies inside them). */
  min: string;
  max: string;
  initial: LineDraft | null;
  /** A checked-in line keeps its store (spec §4). */
  storeLocked?: boolean;
  dateLocked?: boolean;
  shiftOptions: readonly { value: string; label: string }[];
  busy?: boolean;
  onClose: () => void;
  onSubmit: (line: LineDraft) => void;
}

/** Add (or change) a call-plan row: date, shift and store, with the spec's messages (§5 visit plan row). */
export function LineDialog(props: Props) {
  const { open, title, onClose } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* Mounted per opening, so each opening starts from the row it edits. */}
            {open && <LineForm {...props} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LineForm({ open, min, max, initial, storeLocked, dateLocked, shiftOptions, busy, onClose, onSubmit }: Props) {
  const [line, setLine] = useState<LineDraft>(initial ?? { tgl_dcp: min, shift_id: '', cust_code: '', cust_name: '' });
  const [errors, setErrors] = useState<Partial<Record<'tgl_dcp' | 'shift_id' | 'cust_code', string>>>({});
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const stores = useQuery({ ...storeSearchQuery(q), enabled: open && !storeLocked });

  const submit = () => {
    const next: typeof errors = {};
    const dateIssue = tanggalIssue(line.tgl_dcp, min, max);
    if (dateIssue) next.tgl_dcp = dateIssue;
    if (!line.shift_id) next.shift_id = M.shift;
    if (!line.cust_code) next.cust_code = M.customer;
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(line);
  };
  const err = (k: keyof typeof errors) => (errors[k] ? { message: errors[k] } : undefined);

  return (
    <>
      <Dialog.Body>
        <Stack gap="3">
          <FormField label="Tanggal" required error={err('tgl_dcp')}>
            <Input
              type="date"
              value={line.tgl_dcp}
              min={min}
              max={max}
              disabled={dateLocked}
              onChange={(e) => setLine({ ...line, tgl_dcp: e.target.value })}
            />
          </FormField>
          <FormField label="Shift" required error={err('shift_id')}>
            <PlainSelect
              label="Shift"
              value={line.shift_id}
              placeholder="Pilih shift"
              options={shiftOptions}
              onChange={(shift_id) => setLine({ ...line, shift_id })}
            />
          </FormField>
          <FormField
            label="Customer"
            required
            error={err('cust_code')}
            helper={storeLocked ? 'Sudah check in: store tidak dapat diubah' : undefined}
          >
            <Stack gap="2" w="full">
              {line.cust_code && (
                <Text fontWeight="medium" data-testid="store-chosen">
                  {line.cust_code} – {line.cust_name}
                </Text>
              )}
              {!storeLocked && (
                <>
                  <Input
                    placeholder="Cari kode atau nama store"
                    aria-label="Cari store"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                  />
                  <Stack gap="1" maxH="48" overflowY="auto">
                    {stores.data?.map((s) => (
                      <Button
                        key={s.cust_code}
                        size="sm"
                        variant={s.cust_code === line.cust_code ? 'subtle' : 'ghost'}
                        justifyContent="start"
                        onClick={() => setLine({ ...line, cust_code: s.cust_code, cust_name: s.cust_name })}
                      >
                        {s.cust_code} – {s.cust_name}
                      </Button>
                    ))}
                  </Stack>
                </>
              )}
            </Stack>
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Batal
        </Button>
        <Button onClick={submit} loading={busy}>
          Simpan
        </Button>
      </Dialog.Footer>
    </>
  );
}
