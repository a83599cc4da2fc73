import { Box, Button, FileUpload, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { notifyError } from '../../../lib/toast';
import { StoredPhoto } from '../components/auth-image';
import { compressPhoto } from '../../../lib/image';

interface Props {
  label: string;
  /** The stored file name, if any. */
  stored: string | null;
  /** A new photo chosen in this edit, not yet saved. */
  value: File | null;
  onChange: (file: File | null) => void;
  editing: boolean;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** foto_kar / foto_ktp: preview of the stored or the new photo; images only, compressed before upload. */
export function PhotoField({ label, stored, value, onChange, editing }: Props) {
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      notifyError(new Error(`${label}: pilih gambar JPEG, PNG atau WebP`));
      return;
    }
    setBusy(true);
    try {
      onChange(await compressPhoto(file));
    } catch {
      // Compression is a courtesy: the original still goes through the server's checks.
      onChange(file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2">
      <Text fontWeight="medium" textStyle="sm">
        {label}
      </Text>
      <Box borderWidth="1px" rounded="md" p="2" bg="bg.subtle">
        {preview ? (
          <Image src={preview} alt={`${label} baru`} height="40" width="full" objectFit="contain" rounded="md" />
        ) : stored ? (
          <StoredPhoto name={stored} alt={label} />
        ) : (
          <Box height="40" display="grid" placeItems="center" color="fg.muted" textStyle="sm">
            Belum ada foto
          </Box>
        )}
      </Box>
      {editing && (
        <HStack>
          <FileUpload.Root accept={IMAGE_TYPES} maxFiles={1} onFileAccept={(e) => void choose(e.files[0])}>
            <FileUpload.HiddenInput aria-label={label} />
            <FileUpload.Trigger asChild>
              <Button size="sm" variant="outline" loading={busy}>
                {stored || value ? 'Ganti foto' : 'Pilih foto'}
              </Button>
            </FileUpload.Trigger>
          </FileUpload.Root>
          {value && (
            <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
              Batalkan
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
