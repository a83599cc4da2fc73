import { DEVICE_TEXTS } from '../../../domain/device/device';
import { DevicesTab } from '../devices/devices-tab';
import { Alert, Badge, Button, HStack, Menu, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ResetPasswordDialog } from '../../../components/reset-password-dialog';
import { canEditTab, type KaryawanDetail, type KaryawanTab } from '../../../domain/karyawan/karyawan';
import { KaryawanEditFormSchema, type KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import { formResolver } from '../../../lib/form-resolver';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { useSession } from '../../../lib/use-session';
import { PendingRequestBanner, RequestApproveButton } from '../requests/employee-requests';
import { karyawanDetailQuery, postingStatusQuery, postPending, resetKaryawanPassword, updateKaryawan } from '../api';
import { pickTabs, tabOfPath, toFormData, valuesOf } from '../form/fields';
import { KaryawanTabs, type Photos } from '../form/karyawan-tabs';
import { useDerivedFields } from '../form/use-derived-fields';
import { KARYAWAN_TEXTS } from '../texts';
import { gajiQuery } from '../upload-api';
import { ChangeKaryawanPasswordDialog } from './change-karyawan-password';
import { DeleteKaryawanDialogs } from './delete-karyawan';
import { InfoGajiTab } from './info-gaji-tab';
import { KontrakHistory } from './kontrak-history';
import { RequestTab } from './request-tab';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';

const editResolver = formResolver(KaryawanEditFormSchema);
const NO_PHOTOS: Photos = { foto_kar: null, foto_ktp: null };

interface Props {
  nrp: string;
  /** Opened from the resigned list: view only (spec §2). */
  readOnly: boolean;
  onDeleted: () => void;
}

/** /karyawan/{id}/edit: view → EDIT → SAVE (after the Update confirmation) or CANCEL; tabs by permission. */
export function KaryawanDetailPage({ nrp, readOnly, onDeleted }: Props) {
  const user = useSession()?.user;
  const can = useCan();
  const query = useQuery(karyawanDetailQuery(nrp));
  const posting = useQuery({ ...postingStatusQuery(nrp), enabled: can('karyawan.posting') });
  const detail = query.data;

  if (query.isPending) return <Skeleton height="96" rounded="md" />;
  if (query.isError || !detail) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(query.error)}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <DetailForm
      key={detail.nrp}
      detail={detail}
      readOnly={readOnly}
      held={user?.permissions ?? []}
      role={user?.role ?? ''}
      pendingPosting={!!posting.data?.pending}
      onDeleted={onDeleted}
    />
  );
}

interface FormProps {
  detail: KaryawanDetail;
  readOnly: boolean;
  /** The user's permissions and role, for the domain's per-tab edit rule (`canEditTab`). */
  held: readonly string[];
  role: string;
  pendingPosting: boolean;
  onDeleted: () => void;
}

function DetailForm({ detail, readOnly, held, role, pendingPosting, onDeleted }: FormProps) {
  const can = useCan();
  const queryClient = useQueryClient();
  // The edit checks what it sends: the fields of the tabs this user may change; the form keeps the rest.
  const resolver: Resolver<KaryawanFormValues> = async (values, context, { names: _names, ...options }) => {
    const checked = await editResolver(pickTabs(values, editableTabs.current), context, options);
    return Object.keys(checked.errors).length ? { values: {}, errors: checked.errors } : { values, errors: {} };
  };
  const editableTabs = useRef<KaryawanTab[]>([]);
  const form = useForm<KaryawanFormValues>({ resolver, defaultValues: valuesOf(detail) });
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteStep, setDeleteStep] = useState<0 | 1 | 2>(0);
  const [passwordDialog, setPasswordDialog] = useState<'reset' | 'change' | null>(null);
  const [tab, setTab] = useState<string>('personal');
  const [photos, setPhotos] = useState<Photos>(NO_PHOTOS);

  const canTab = (t: KaryawanTab) => canEditTab(t, { permissions: held, role });
  const tabs: KaryawanTab[] = ['personal', 'pegawai', 'pajak', 'bpjs'];
  if (can('karyawan.kontrak.read') && detail.kontrak) tabs.push('kontrak');
  if (can('karyawan.gaji.read') && detail.gaji) tabs.push('gaji');
  const resigned = detail.alasan_p3 !== null;
  const sendTabs = tabs.filter((t) => canTab(t));
  useEffect(() => {
    editableTabs.current = sendTabs;
  });
  useDerivedFields(form, { salary: canTab('gaji') });

  // A refetch (after a renewal, say) refreshes what view mode shows; an edit in progress is left alone.
  useEffect(() => {
    if (!editing) form.reset(valuesOf(detail));
  }, [detail, editing, form]);

  const save = useMutation({
    ...updateKaryawan(queryClient, detail.nrp),
    onError: (err) => {
      setConfirming(false);
      notifyError(err);
    },
  });
  const submit = (values: KaryawanFormValues) =>
    save.mutate(toFormData(values, sendTabs, photos), {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setConfirming(false);
        setEditing(false);
        setPhotos(NO_PHOTOS);
      },
    });

  const post = useMutation({ ...postPending(queryClient, detail.nrp), onError: (err) => notifyError(err) });
  const reset = useMutation(resetKaryawanPassword());

  const cancel = () => {
    form.reset(valuesOf(detail));
    setPhotos(NO_PHOTOS);
    setEditing(false);
  };
  const onInvalid = (errors: FieldErrors<KaryawanFormValues>) => {
    const first = Object.keys(errors).map(tabOfPath).find(Boolean);
    if (first) setTab(first);
  };

  const who = `${detail.nrp} - ${detail.nama}`;
  const canEdit = can('karyawan.update') && !resigned && !readOnly;
  const canDelete = can('karyawan.delete') && !readOnly;
  const canPassword = can('karyawan.resetpassword') && !readOnly;
  const actions = editing ? (
    <>
      <Button variant="outline" onClick={cancel} disabled={save.isPending}>
        CANCEL
      </Button>
      <Button type="submit" loading={save.isPending}>
        SAVE
      </Button>
    </>
  ) : (
    <>
      {canEdit && <Button onClick={() => setEditing(true)}>EDIT</Button>}
      {can('karyawan.request.approve') && !readOnly && <RequestApproveButton nrp={detail.nrp} />}
      {can('karyawan.posting') && pendingPosting && (
        <Button
          variant="outline"
          colorPalette="green"
          loading={post.isPending}
          onClick={() => post.mutate(undefined, { onSuccess: (answer) => notifySuccess(answer.message) })}
        >
          POSTING
        </Button>
      )}
      {(canDelete || canPassword) && (
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button variant="outline">Action</Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {canPassword && (
                  <>
                    <Menu.Item value="reset-password" onSelect={() => setPasswordDialog('reset')}>
                      Reset Password
                    </Menu.Item>
                    <Menu.Item value="change-password" onSelect={() => setPasswordDialog('change')}>
                      Change Password
                    </Menu.Item>
                  </>
                )}
                {canDelete && (
                  <Menu.Item value="delete" color="fg.error" onSelect={() => setDeleteStep(1)}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </>
  );

  return (
    <form noValidate aria-label="Data karyawan" onSubmit={form.handleSubmit(() => setConfirming(true), onInvalid)}>
      <Stack gap="4">
        <PageHeader
          title={
            <HStack gap="3" flexWrap="wrap">
              <span>{who}</span>
              {resigned ? (
                <Badge colorPalette="red">Resign: {detail.mst_alasan_p3?.nama}</Badge>
              ) : (
                <Badge colorPalette="green">Aktif</Badge>
              )}
            </HStack>
          }
          actions={actions}
        />
        {(readOnly || resigned) && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{readOnly ? KARYAWAN_TEXTS.readOnlyNotice : KARYAWAN_TEXTS.resignedNotice}</Alert.Title>
          </Alert.Root>
        )}
        {can('karyawan.request.edit') && <PendingRequestBanner nrp={detail.nrp} />}
        <KaryawanTabs
          form={form}
          mode="detail"
          editing={editing}
          tabs={tabs}
          canEdit={canTab}
          tab={tab}
          onTab={setTab}
          photos={photos}
          onPhoto={(field, file) => setPhotos((p) => ({ ...p, [field]: file }))}
          stored={{ foto_kar: detail.foto_kar, foto_ktp: detail.foto_ktp }}
          kontrakExtra={
            <KontrakHistory detail={detail} canRenew={!editing && canEdit && can('karyawan.kontrak.edit')} />
          }
          extraTabs={[
            ...(can('karyawan.gaji.read') && detail.gaji
              ? [
                  {
                    value: 'info-gaji',
                    label: KARYAWAN_UPLOAD_TEXTS.gajiTab,
                    content: <InfoGajiTab gajiOf={(period) => gajiQuery(detail.nrp, period)} />,
                  },
                ]
              : []),
            { value: 'request', label: KARYAWAN_TEXTS.requestTab, content: <RequestTab detail={detail} /> },
            {
              value: 'perangkat',
              label: DEVICE_TEXTS.tab,
              // Read when opened: the other tabs need no device list.
              content: tab === 'perangkat' ? <DevicesTab nrp={detail.nrp} /> : null,
            },
          ]}
        />
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={KARYAWAN_TEXTS.updateTitle}
        confirmLabel="Update"
        busy={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => submit(form.getValues())}
      >
        {KARYAWAN_TEXTS.updateText(who)}
      </ConfirmDialog>
      <DeleteKaryawanDialogs
        step={deleteStep}
        onStep={setDeleteStep}
        nrp={detail.nrp}
        nama={detail.nama}
        onDeleted={onDeleted}
      />
      {canPassword && (
        <>
          <ResetPasswordDialog
            open={passwordDialog === 'reset'}
            username={who}
            reset={() => reset.mutateAsync(detail.nrp)}
            onClose={() => setPasswordDialog(null)}
          />
          <ChangeKaryawanPasswordDialog
            open={passwordDialog === 'change'}
            nrp={detail.nrp}
            who={who}
            onClose={() => setPasswordDialog(null)}
          />
        </>
      )}
    </form>
  );
}
