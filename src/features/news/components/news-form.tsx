import { AspectRatio, Button, Grid, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { FormField } from '../../../components/form-field';
import {
  AUDIENCE_FIELDS,
  joinCodes,
  NEWS_ISI_MAX,
  NEWS_JUDUL_MAX,
  NewsFieldsSchema,
  splitCodes,
  type AudienceField,
  type NewsFieldsInput,
  type NewsRow,
  type NewsSelectOptions,
  type SelectOption,
} from '../../../domain/news/news';
import { compressPhoto } from '../../../lib/image';
import { notifyError } from '../../../lib/toast';
import { useDebounced } from '../../../lib/use-debounced';
import { storedPhotoQuery } from '../../../lib/stored-photo';
import { audienceCountQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';
import { AudienceSelect, KaryawanSelect } from './audience-select';

type Lists = Record<AudienceField, string[]>;
interface Values {
  judul: string;
  isi: string;
  validfrom: string;
  validto: string;
  lists: Lists;
}

const EMPTY_LISTS: Lists = { kode_prsh: [], kode_lokasi: [], client: [], sales_office: [], type_spg: [], nrp: [] };

function initialValues(row: NewsRow | undefined, today: string): Values {
  if (!row) return { judul: '', isi: '', validfrom: today, validto: today, lists: EMPTY_LISTS };
  const lists = Object.fromEntries(AUDIENCE_FIELDS.map((f) => [f, splitCodes(row[f])])) as Lists;
  return { judul: row.judul, isi: row.isi, validfrom: row.validfrom, validto: row.validto, lists };
}

export interface NewsSubmit {
  fields: NewsFieldsInput;
  foto: File | null;
}

interface Props {
  row?: NewsRow;
  today: string;
  options: NewsSelectOptions;
  readOnly?: boolean;
  onSubmit: (submit: NewsSubmit) => void;
  actions: ReactNode;
}

function ExistingPhoto({ name }: { name: string }) {
  const photo = useQuery(storedPhotoQuery(name));
  return photo.data ? <Image src={photo.data} alt={T.labels.foto} objectFit="cover" /> : null;
}

/**
 * The news form (spec part 2 §2.10): judul, isi, photo (compressed on this device), validity and the
 * audience, with a live count of the active employees it reaches. Checked with the server's schema.
 */
export function NewsForm({ row, today, options, readOnly, onSubmit, actions }: Props) {
  const [values, setValues] = useState(() => initialValues(row, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [foto, setFoto] = useState<File | null>(null);
  const [removeFoto, setRemoveFoto] = useState(false);
  const [compressing, setCompressing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Map<string, SelectOption>>(() => new Map(options.nrp.map((o) => [o.value, o])));
  const preview = useMemo(() => (foto ? URL.createObjectURL(foto) : null), [foto]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((s) => ({ ...s, [key]: value }));
  const setList = (field: AudienceField, list: string[]) =>
    setValues((s) => {
      const lists = { ...s.lists, [field]: list };
      if (field === 'kode_prsh' && list.length) {
        // Choices of a company no longer chosen go with it.
        for (const f of AUDIENCE_FIELDS.filter((x) => x !== 'kode_prsh')) {
          const known = new Map([...options[f], ...picked.values()].map((o) => [o.value, o.kode_prsh]));
          lists[f] = lists[f].filter((c) => !known.has(c) || list.includes(known.get(c)!));
        }
      }
      return { ...s, lists };
    });

  const audience = Object.fromEntries(AUDIENCE_FIELDS.map((f) => [f, joinCodes(values.lists[f])])) as Record<
    AudienceField,
    string
  >;
  const reach = useQuery(audienceCountQuery(useDebounced(audience, 400)));

  const companies = values.lists.kode_prsh;
  const within = (list: SelectOption[]) =>
    companies.length ? list.filter((o) => companies.includes(o.kode_prsh)) : list;
  const labelOf = (field: AudienceField) => (value: string) =>
    [...options[field], ...(field === 'nrp' ? picked.values() : [])].find((o) => o.value === value)?.label ?? value;

  const pickFoto = async (file: File | undefined) => {
    if (!file) return;
    setCompressing(true);
    try {
      setFoto(await compressPhoto(file));
      setRemoveFoto(false);
    } catch (err) {
      notifyError(err, 'Foto tidak dapat dibaca');
    } finally {
      setCompressing(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = () => {
    const fields: NewsFieldsInput = {
      judul: values.judul,
      isi: values.isi,
      validfrom: values.validfrom,
      validto: values.validto,
      ...audience,
      remove_foto: removeFoto && !foto ? 'true' : 'false',
    };
    const checked = v.safeParse(NewsFieldsSchema, fields);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.issues) {
        const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit({ fields, foto });
  };

  const shownPhoto = foto ? preview : !removeFoto && row?.foto ? row.foto : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) submit();
      }}
    >
      <Stack gap="5" maxW="3xl">
        <FormField label={T.labels.judul} required error={errors.judul ? { message: errors.judul } : undefined}>
          <Input
            value={values.judul}
            maxLength={NEWS_JUDUL_MAX}
            onChange={(e) => set('judul', e.target.value)}
            readOnly={readOnly}
            bg="bg"
          />
        </FormField>
        <FormField label={T.labels.isi} required error={errors.isi ? { message: errors.isi } : undefined}>
          <Textarea
            value={values.isi}
            maxLength={NEWS_ISI_MAX}
            rows={6}
            onChange={(e) => set('isi', e.target.value)}
            readOnly={readOnly}
            bg="bg"
          />
        </FormField>
        <Stack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            {T.labels.foto}
          </Text>
          {shownPhoto && (
            <AspectRatio ratio={4 / 3} maxW="sm" bg="bg.muted" borderRadius="md" overflow="hidden">
              {foto && preview ? (
                <Image src={preview} alt={T.labels.foto} objectFit="cover" />
              ) : (
                <ExistingPhoto name={shownPhoto} />
              )}
            </AspectRatio>
          )}
          {!readOnly && (
            <HStack gap="2" flexWrap="wrap">
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                hidden
                aria-label={T.labels.foto}
                data-testid="news-foto"
                onChange={(e) => void pickFoto(e.target.files?.[0])}
              />
              <Button
                size="sm"
                variant="outline"
                loading={compressing}
                loadingText={T.fotoCompressing}
                onClick={() => fileInput.current?.click()}
              >
                {shownPhoto ? T.fotoChange : T.fotoPick}
              </Button>
              {shownPhoto && (
                <Button
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => {
                    setFoto(null);
                    setRemoveFoto(true);
                  }}
                >
                  {T.fotoRemove}
                </Button>
              )}
            </HStack>
          )}
          <Text textStyle="xs" color="fg.muted">
            {T.fotoHint}
          </Text>
        </Stack>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <FormField
            label={T.labels.validfrom}
            required
            error={errors.validfrom ? { message: errors.validfrom } : undefined}
          >
            <Input
              type="date"
              value={values.validfrom}
              onChange={(e) => set('validfrom', e.target.value)}
              readOnly={readOnly}
              bg="bg"
            />
          </FormField>
          <FormField label={T.labels.validto} required error={errors.validto ? { message: errors.validto } : undefined}>
            <Input
              type="date"
              value={values.validto}
              min={values.validfrom}
              onChange={(e) => set('validto', e.target.value)}
              readOnly={readOnly}
              bg="bg"
            />
          </FormField>
        </Grid>
        <Stack gap="4" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} as="fieldset">
          <Text as="legend" fontWeight="semibold" px="1">
            {T.audience}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {T.audienceHint}
          </Text>
          <AudienceSelect
            label={T.labels.kode_prsh}
            options={options.kode_prsh}
            value={values.lists.kode_prsh}
            onChange={(l) => setList('kode_prsh', l)}
            labelOf={labelOf('kode_prsh')}
            readOnly={readOnly}
            required
            error={errors.kode_prsh}
          />
          {(['kode_lokasi', 'client', 'sales_office', 'type_spg'] as const).map((f) => (
            <AudienceSelect
              key={f}
              label={T.labels[f]}
              options={within(options[f])}
              value={values.lists[f]}
              onChange={(l) => setList(f, l)}
              labelOf={labelOf(f)}
              readOnly={readOnly}
              error={errors[f]}
              emptyText={T.allOf(T.labels[f])}
            />
          ))}
          <KaryawanSelect
            label={T.labels.nrp}
            companies={companies}
            value={values.lists.nrp}
            onChange={(l) => setList('nrp', l)}
            onPicked={(o) => setPicked((m) => new Map(m).set(o.value, o))}
            labelOf={labelOf('nrp')}
            readOnly={readOnly}
            error={errors.nrp}
            emptyText={T.allOf('karyawan')}
          />
          <Text
            fontWeight="semibold"
            color={reach.data ? 'green.fg' : 'fg.muted'}
            data-testid="news-reach"
            aria-live="polite"
          >
            {reach.data ? T.reach(reach.data) : T.reachNone}
          </Text>
        </Stack>
        <HStack gap="2" justify="end" flexWrap="wrap">
          {actions}
        </HStack>
      </Stack>
    </form>
  );
}
