import { Text } from '@chakra-ui/react';
import { OfflineDecisionDialog, type Decision } from '../../../components/offline-decision-dialog';
import type { ApprovalQueueRow } from '../../../domain/leave/leave-answers';
import { KETERANGAN_MAX } from '../../../domain/leave/leave-messages';
import { leaveWhen } from './format';
import { CoverageList } from './leave-detail-dialog';

export type { Decision };

const TEXT: Record<Decision, string> = {
  A: 'Apakah Anda Yakin Approve Pengajuan Leave Pegawai?',
  R: 'Apakah Anda Yakin Reject Pengajuan Leave Pegawai? Anda dapat menambahkan Keterangan',
};

/**
 * The spec's approve and reject confirmations, with an optional note, and the planned visits the
 * leave would leave uncovered. Resolves only once the decision is in the outbox.
 */
export function DecisionDialog({
  row,
  decision,
  onClose,
  onDecide,
}: {
  row: ApprovalQueueRow;
  decision: Decision;
  onClose: () => void;
  onDecide: (id: string, keterangan: string) => Promise<void>;
}) {
  return (
    <OfflineDecisionDialog
      decision={decision}
      title={`${decision === 'A' ? 'Approve' : 'Reject'} Pengajuan Leave`}
      confirmLabel={decision === 'A' ? 'Approve' : 'Reject'}
      noteMax={KETERANGAN_MAX}
      onClose={onClose}
      onDecide={onDecide}
    >
      <Text>{TEXT[decision]}</Text>
      <Text textStyle="sm" color="fg.muted">
        {row.leave.karyawan.nama} ({row.leave.nrp}) · {row.leave.jenis.jenis_leave} · {leaveWhen(row.leave)}
      </Text>
      {decision === 'A' && <CoverageList lines={row.leave.coverage} />}
    </OfflineDecisionDialog>
  );
}
