import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { deleteNews, newsDetailQuery, newsFormData, updateNews } from '../api';
import { NEWS_TEXTS as T } from '../texts';
import { NewsForm } from './news-form';
import { NewsReaders } from './news-readers';

/** /news/{news_id}/edit: the item (editable with news.update), who has read it, delete with news.delete. */
export function NewsEditPage({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const can = useCan();
  const qc = useQueryClient();
  const query = useQuery(newsDetailQuery(id));
  const save = useMutation(updateNews(qc, id));
  const remove = useMutation(deleteNews(qc, id));
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A new key remounts the form with the stored values after a save.
  const [formKey, setFormKey] = useState(0);
  const canEdit = can('news.update');
  const data = query.data;
  return (
    <Stack gap="5">
      <PageHeader title={T.editTitle} />
      {query.isPending && <Skeleton height="64" rounded="md" />}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(query.error)}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <>
          <NewsForm
            key={`${data.result.tglupdate}-${formKey}`}
            row={data.result}
            today={dayjs().format('YYYY-MM-DD')}
            options={data.selectOptions}
            readOnly={!canEdit}
            onSubmit={({ fields, foto }) =>
              void save
                .mutateAsync(newsFormData(fields, foto))
                .then((answer) => {
                  notifySuccess(answer.message);
                  setFormKey((k) => k + 1);
                })
                .catch((err: unknown) => notifyError(err))
            }
            actions={
              <>
                {can('news.delete') && (
                  <Button variant="outline" colorPalette="red" me="auto" onClick={() => setConfirmDelete(true)}>
                    {T.delete}
                  </Button>
                )}
                {canEdit && (
                  <Button type="submit" loading={save.isPending}>
                    {T.save}
                  </Button>
                )}
              </>
            }
          />
          <NewsReaders id={id} />
          <ConfirmDialog
            open={confirmDelete}
            title={T.deleteTitle}
            confirmLabel={T.deleteConfirm}
            danger
            busy={remove.isPending}
            onConfirm={() =>
              void remove
                .mutateAsync()
                .then((answer) => {
                  notifySuccess(answer.message);
                  setConfirmDelete(false);
                  onDeleted();
                })
                .catch((err: unknown) => {
                  setConfirmDelete(false);
                  notifyError(err);
                })
            }
            onCancel={() => setConfirmDelete(false)}
          >
            {T.deleteText}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
