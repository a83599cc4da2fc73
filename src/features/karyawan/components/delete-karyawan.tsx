import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { deleteKaryawan } from '../api';
import { KARYAWAN_TEXTS } from '../texts';

interface Props {
  /** 0 closed, 1 the warning, 2 the second confirmation. */
  step: 0 | 1 | 2;
  onStep: (step: 0 | 1 | 2) => void;
  nrp: string;
  nama: string;
  onDeleted: () => void;
}

/** Delete (spec §4): a warning, then a second confirmation; the server may refuse (visits) with its message. */
export function DeleteKaryawanDialogs({ step, onStep, nrp, nama, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const who = `${nrp} - ${nama}`;
  const remove = useMutation({
    ...deleteKaryawan(queryClient, nrp),
    onError: (err) => {
      onStep(0);
      notifyError(err);
    },
  });
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onStep(0);
        onDeleted();
      },
    });
  return (
    <>
      <ConfirmDialog
        open={step === 1}
        title={KARYAWAN_TEXTS.deleteTitle}
        confirmLabel="Lanjutkan"
        danger
        onCancel={() => onStep(0)}
        onConfirm={() => onStep(2)}
      >
        {KARYAWAN_TEXTS.deleteWarning(who)}
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 2}
        title={KARYAWAN_TEXTS.deleteConfirmTitle}
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => onStep(0)}
        onConfirm={confirm}
      >
        {KARYAWAN_TEXTS.deleteConfirm(who)}
      </ConfirmDialog>
    </>
  );
}
