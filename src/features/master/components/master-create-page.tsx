import { Box, Card } from '@chakra-ui/react';
import { PageHeader } from '../../../components/page-header';
import type { MasterScreen, ScreenResource } from '../screens';
import { MasterForm } from './master-form';
import { MasterScreenGuard } from './master-screen-guard';

/** /x/new: the form on its own page; saving (or Batal) goes back to the list. */
export function MasterCreatePage<R extends ScreenResource>({
  screen,
  onDone,
}: {
  screen: MasterScreen<R>;
  onDone: () => void;
}) {
  return (
    <MasterScreenGuard>
      <Box maxW="xl">
        <PageHeader title={`Tambah ${screen.noun}`} />
        <Card.Root>
          <Card.Body>
            <MasterForm screen={screen} onSaved={onDone} onCancel={onDone} />
          </Card.Body>
        </Card.Root>
      </Box>
    </MasterScreenGuard>
  );
}
