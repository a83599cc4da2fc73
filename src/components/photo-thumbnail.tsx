import { Box, Button, chakra, CloseButton, Dialog, Image, Portal, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { THUMB_WIDTH } from '../domain/photo-thumbnail';
import { storedPhotoQuery } from '../lib/stored-photo';

const T = {
  open: (alt: string) => `${alt} — buka ukuran penuh`,
  noPreview: 'Pratinjau tidak tersedia — klik untuk membuka foto',
  newTab: 'Buka di tab baru',
  close: 'Tutup',
  failed: 'Foto tidak dapat dimuat',
} as const;

/**
 * A stored photo shown small: its thumbnail (`?w=320`, at most 40 KB) in a box `height` high; a click opens
 * the full photo in a dialog, with a link to open it in a new tab. `noPhoto` is shown when there is none.
 */
export function PhotoThumbnail({
  name,
  alt,
  noPhoto,
  height = '40',
}: {
  name: string | null;
  alt: string;
  noPhoto: string;
  height?: string;
}) {
  const [open, setOpen] = useState(false);
  const thumb = useQuery({ ...storedPhotoQuery(name ?? '', THUMB_WIDTH), enabled: !!name });
  if (!name)
    return (
      <Box
        height={height}
        bg="bg.muted"
        rounded="md"
        display="grid"
        placeItems="center"
        color="fg.muted"
        textStyle="sm"
      >
        {noPhoto}
      </Box>
    );
  if (thumb.isPending) return <Skeleton height={height} rounded="md" />;
  return (
    <>
      <chakra.button
        type="button"
        onClick={() => setOpen(true)}
        // With the picture its alt is the visible content, so the label names the action; without it the
        // visible text must stay part of the name (WCAG 2.5.3), and the photo is named after it.
        aria-label={thumb.data ? T.open(alt) : undefined}
        title={T.open(alt)}
        display="block"
        width="full"
        height={height}
        rounded="md"
        bg="bg.muted"
        cursor="zoom-in"
        overflow="hidden"
        focusRing="outside"
      >
        {thumb.data ? (
          <Image
            src={thumb.data}
            alt={alt}
            htmlWidth={THUMB_WIDTH}
            htmlHeight="240"
            loading="lazy"
            decoding="async"
            height="full"
            width="full"
            objectFit="contain"
          />
        ) : (
          <Text textStyle="xs" color="fg.muted" px="2">
            {T.noPreview}
            <chakra.span srOnly>: {alt}</chakra.span>
          </Text>
        )}
      </chakra.button>
      {open && <FullPhotoDialog name={name} alt={alt} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The full photo, fetched only when opened. */
function FullPhotoDialog({ name, alt, onClose }: { name: string; alt: string; onClose: () => void }) {
  const photo = useQuery(storedPhotoQuery(name));
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>{alt}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {photo.isPending ? (
                <Skeleton height="60vh" rounded="md" />
              ) : photo.data ? (
                <Image src={photo.data} alt={alt} maxHeight="70vh" width="full" objectFit="contain" rounded="md" />
              ) : (
                <Text color="fg.muted">{T.failed}</Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {photo.data && (
                // A plain anchor (the theme carries no Link recipe): green and underlined, so it reads as a link.
                <chakra.a
                  href={photo.data}
                  target="_blank"
                  rel="noreferrer"
                  me="auto"
                  textStyle="sm"
                  color="green.fg"
                  fontWeight="medium"
                  textDecoration="underline"
                >
                  {T.newTab}
                </chakra.a>
              )}
              <Button variant="outline" onClick={onClose}>
                {T.close}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
