import { Box, Image, Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { storedPhotoQuery } from '../../../lib/stored-photo';

/**
 * A check-in photo of the back office's attendance screens (fetched with the session, as the photo route
 * wants), 10 rem high; `noPhoto` when the record has none. `openable`: a click opens it whole in a new tab.
 */
export function StoredPhotoBox({
  name,
  alt,
  noPhoto,
  openable = false,
}: {
  name: string | null;
  alt: string;
  noPhoto: string;
  openable?: boolean;
}) {
  const photo = useQuery({ ...storedPhotoQuery(name ?? ''), enabled: !!name });
  if (!name)
    return (
      <Box height="40" bg="bg.muted" rounded="md" display="grid" placeItems="center" color="fg.muted" textStyle="sm">
        {noPhoto}
      </Box>
    );
  if (photo.isPending) return <Skeleton height="40" rounded="md" />;
  if (!photo.data) return <Box height="40" bg="bg.muted" rounded="md" />;
  const image = (
    <Image src={photo.data} alt={alt} height="40" width="full" objectFit="contain" rounded="md" bg="bg.muted" />
  );
  return openable ? (
    <a href={photo.data} target="_blank" rel="noreferrer">
      {image}
    </a>
  ) : (
    image
  );
}
