import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { BuktiKunjunganSearchSchema } from '../../../domain/report/report-search';
import { BuktiKunjunganPage } from '../../../features/report/components/bukti-kunjungan-page';
import { buktiKunjunganQuery } from '../../../features/report/api';

export const Route = createFileRoute('/_app/report/bukti-kunjungan')({
  validateSearch: BuktiKunjunganSearchSchema,
  search: { middlewares: [stripSearchParams({ period: '', client_id: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.period && deps.client_id && mayPrefetch(route))
      void context.queryClient.prefetchQuery(buktiKunjunganQuery(deps));
  },
  component: BuktiKunjunganRoute,
});

function BuktiKunjunganRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BuktiKunjunganPage search={search} onSearch={(s) => void navigate({ search: s })} />;
}
