import { Button, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { ROUTE_LIST_COMPANY, RouteListCreateSchema, type RouteListCreateInput } from '../../../domain/route-list/route-list';
import { formResolver } from '../../../lib/form-resolver';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createRouteList } from '../api';

const resolver = formResolver(RouteListCreateSchema);

/** /route-list/new (spec part 2 §5 "Route list new"): id max 5, name max 40, company fixed KM. */
export function RouteListCreatePage({
  onCreated,
  onCancel,
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const create = useMutation(createRouteList(qc));
  const form = useForm<RouteListCreateInput>({
    resolver,
    defaultValues: { id: '', nama: '', kode_prsh: ROUTE_LIST_COMPANY },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, id: values.id?.trim(), nama: values.nama?.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onCreated(answer.result.id);
        },
        onError: (err) => notifyError(err),
      },
    ),
  );
  return (
    <Stack gap="4">
      <PageHeader title="Tambah Route List" />
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Tambah Route List">
        <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label="ID" required error={errors.id} helper="Maksimal 5 karakter">
              <Input {...form.register('id')} maxLength={5} autoCapitalize="characters" />
            </FormField>
            <FormField label="Kode Perusahaan" helper="Route list baru selalu milik KM">
              <Input {...form.register('kode_prsh')} readOnly bg="bg.muted" />
            </FormField>
            <FormField label="Nama" required error={errors.nama} helper="Maksimal 40 karakter">
              <Input {...form.register('nama')} maxLength={40} />
            </FormField>
          </SimpleGrid>
          <HStack justify="flex-end" gap="2">
            <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
              Batal
            </Button>
            <Button type="submit" loading={create.isPending}>
              Simpan
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
