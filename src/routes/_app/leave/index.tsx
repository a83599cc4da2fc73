import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LeaveListPage } from '../../../features/leave/components/leave-list-page';
import {
  LEAVE_LIST_SEARCH_DEFAULTS,
  LeaveListSearchSchema,
  type LeaveListSearch,
} from '../../../features/leave/search';

export const Route = createFileRoute('/_app/leave/')({
  validateSearch: LeaveListSearchSchema,
  search: { middlewares: [stripSearchParams(LEAVE_LIST_SEARCH_DEFAULTS)] },
  component: LeaveListRoute,
});

function LeaveListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<LeaveListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return <LeaveListPage search={search} onSearchChange={onSearchChange} />;
}
