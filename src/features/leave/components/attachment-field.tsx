import { Button, Field, HStack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, LEAVE_MESSAGES } from '../../../domain/leave/leave-messages';

const ALLOWED = /\.(pdf|jpe?g|png)$/i;
const ALLOWED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** The type and size the server will check again by content; answers the message, or null. */
export function attachmentProblem(file: File): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return LEAVE_MESSAGES.attachmentTooLarge;
  if (!ALLOWED.test(file.name) && !ALLOWED_TYPES.includes(file.type)) return LEAVE_MESSAGES.attachmentType;
  return null;
}

interface Props {
  file: File | null;
  required: boolean;
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
}

/** Spec §5: PDF, JPG or PNG of at most 2 MB; a larger file is refused with "File size exceeds 2 MB." */
export function AttachmentField({ file, required, error, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        Lampiran
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        hidden
        aria-label="Pilih lampiran"
        data-testid="attachment-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (!chosen) return;
          const problem = attachmentProblem(chosen);
          onChange(problem ? null : chosen, problem);
        }}
      />
      <HStack gap="2" flexWrap="wrap" w="full">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          {file ? 'Ganti File' : 'Pilih File'}
        </Button>
        {file && (
          <>
            <Text textStyle="sm" truncate maxW="60" data-testid="attachment-name">
              {file.name} ({Math.max(1, Math.floor(file.size / 1000))} KB)
            </Text>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onChange(null, null)}>
              Hapus
            </Button>
          </>
        )}
      </HStack>
      {!error && <Field.HelperText>File *PDF, *JPG, *PNG, Max: 2 MB</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
