import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ApprovalPage } from '../../../features/leave/components/approval-page';
import { APPROVAL_SEARCH_DEFAULTS, ApprovalSearchSchema, type ApprovalSearch } from '../../../features/leave/search';

export const Route = createFileRoute('/_app/approval/leave')({
  validateSearch: ApprovalSearchSchema,
  search: { middlewares: [stripSearchParams(APPROVAL_SEARCH_DEFAULTS)] },
  component: ApprovalRoute,
});

function ApprovalRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<ApprovalSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return <ApprovalPage search={search} onSearchChange={onSearchChange} />;
}
