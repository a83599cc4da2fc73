import { Badge } from '@chakra-ui/react';
import { LEAVE_STATUS, leaveStatusLabel, stepStatusLabel } from '../../../domain/leave/leave-rules';

const PALETTE: Record<string, string> = {
  [LEAVE_STATUS.pending]: 'orange',
  [LEAVE_STATUS.approved1]: 'blue',
  [LEAVE_STATUS.approved]: 'green',
  [LEAVE_STATUS.rejected]: 'red',
};

/** A request's status as the spec shows it (Approved 1 reads "Approve By Team Leader"). */
export function LeaveStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle" whiteSpace="nowrap" data-testid="leave-status">
      {leaveStatusLabel(status)}
    </Badge>
  );
}

const STEP_PALETTE: Record<string, string> = { N: 'gray', A: 'green', Y: 'green', R: 'red' };

export function StepStatusBadge({ status, leaveStatus }: { status: string; leaveStatus: string }) {
  return (
    <Badge colorPalette={STEP_PALETTE[status] ?? 'gray'} variant="outline" whiteSpace="nowrap">
      {stepStatusLabel(status, leaveStatus)}
    </Badge>
  );
}
