import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DEVICE_TEXTS as T } from '../../../domain/device/device';
import { notifyError, notifySuccess } from '../../../lib/toast';

/**
 * "Cabut" asked first, for the Perangkat tab and the approver's pending list alike: `revoke` sends it and
 * answers the server's message; the dialog says it, and closes whatever came back.
 */
export function RevokeDeviceDialog<D extends { device_name: string }>({
  device,
  busy,
  revoke,
  onClose,
}: {
  device: D | null;
  busy: boolean;
  revoke: (
    device: D,
    done: { onSuccess: (a: { message: string }) => void; onError: (e: Error) => void; onSettled: () => void },
  ) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={device !== null}
      title={T.revokeTitle}
      confirmLabel={T.revoke}
      danger
      busy={busy}
      onCancel={onClose}
      onConfirm={() =>
        device &&
        revoke(device, {
          onSuccess: (a) => notifySuccess(a.message),
          onError: (e) => notifyError(e),
          onSettled: onClose,
        })
      }
    >
      {T.revokeText(device?.device_name ?? '')}
    </ConfirmDialog>
  );
}
