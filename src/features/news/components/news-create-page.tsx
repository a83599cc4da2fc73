import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createNews, newsFormData, newsOptionsQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';
import { NewsForm } from './news-form';

/** /news/new (news.create). */
export function NewsCreatePage({ onCreated, onCancel }: { onCreated: (id: number) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const options = useQuery(newsOptionsQuery());
  const save = useMutation(createNews(qc));
  return (
    <Stack gap="4">
      <PageHeader title={T.newTitle} />
      {options.isPending && <Skeleton height="64" rounded="md" />}
      {options.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(options.error)}</Alert.Title>
        </Alert.Root>
      )}
      {options.data && (
        <NewsForm
          today={dayjs().format('YYYY-MM-DD')}
          options={options.data}
          onSubmit={({ fields, foto }) =>
            void save
              .mutateAsync(newsFormData(fields, foto))
              .then((answer) => {
                notifySuccess(answer.message);
                onCreated(answer.result.news_id);
              })
              .catch((err: unknown) => notifyError(err))
          }
          actions={
            <>
              <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {T.save}
              </Button>
            </>
          }
        />
      )}
    </Stack>
  );
}
