import { Box, Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { hasXlsxMagic, sizeInKb, UPLOAD_FILE_MESSAGES } from '../../domain/upload';
import { UPLOAD_TEXTS } from './texts';

/**
 * Spec §5 "Uploads": one .xlsx file. The name must end in .xlsx and the content must start as a zip
 * does (the server checks again, by content only); anything else clears the file and shows the
 * spec's message in red.
 */
export async function checkXlsx(files: readonly File[]): Promise<File | null> {
  if (files.length !== 1) return null;
  const [file] = files;
  if (!file || !/\.xlsx$/i.test(file.name) || file.size < 4) return null;
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return hasXlsxMagic(head) ? file : null;
}

interface Props {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  /** A checked file, or null with the reason (null reason: removed by the user). */
  onChange: (file: File | null, error: string | null) => void;
}

/** The single-file drop zone: drag and drop or click; shows the chosen file's name and size in KB. */
export function XlsxDropZone({ file, error, disabled, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = async (files: readonly File[]) => {
    const ok = await checkXlsx(files);
    onChange(ok, ok ? null : UPLOAD_FILE_MESSAGES.format);
    if (input.current) input.current.value = '';
  };
  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) void take([...e.dataTransfer.files]);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };

  return (
    <Stack gap="2">
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        // Named by the text it shows (WCAG 2.5.3): an aria-label of the title alone left the hint out.
        data-testid="xlsx-drop-zone"
        onClick={open}
        onKeyDown={onKey}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={error ? 'border.error' : over ? 'green.solid' : 'border.emphasized'}
        bg={over ? 'green.subtle' : 'bg'}
        rounded="lg"
        px="6"
        py={{ base: '8', md: '10' }}
        textAlign="center"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        _focusVisible={{ outline: '2px solid', outlineColor: 'green.focusRing', outlineOffset: '2px' }}
      >
        <Icon boxSize="8" color="fg.muted" aria-hidden="true">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
            <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
          </svg>
        </Icon>
        <Text fontWeight="medium" mt="2">
          {over ? UPLOAD_TEXTS.dropActive : UPLOAD_TEXTS.dropTitle}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {UPLOAD_TEXTS.dropHint}
        </Text>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="xlsx-input"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => void take([...(e.target.files ?? [])])}
        />
      </Box>
      {file && (
        <HStack
          justify="space-between"
          borderWidth="1px"
          rounded="md"
          px="3"
          py="2"
          bg="bg.subtle"
          data-testid="xlsx-file"
        >
          <Text truncate title={file.name}>
            {file.name}
          </Text>
          <HStack gap="3" flexShrink={0}>
            <Text color="fg.muted" textStyle="sm">
              {sizeInKb(file.size)} KB
            </Text>
            <Button size="xs" variant="ghost" onClick={() => onChange(null, null)} disabled={disabled}>
              {UPLOAD_TEXTS.remove}
            </Button>
          </HStack>
        </HStack>
      )}
      {error && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
