import { Avatar, Box, Image, Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { THUMB_WIDTH } from '../../../domain/photo-thumbnail';
import { storedPhotoQuery } from '../../../lib/stored-photo';

/** A stored photo (the URL needs the session, so it is fetched and shown through an object URL). */
export function StoredPhoto({ name, alt, height = '40' }: { name: string; alt: string; height?: string }) {
  const photo = useQuery(storedPhotoQuery(name));
  if (photo.isPending) return <Skeleton height={height} width="full" rounded="md" />;
  if (!photo.data) return <Box height={height} bg="bg.muted" rounded="md" />;
  return (
    <Image src={photo.data} alt={alt} height={height} width="full" objectFit="contain" rounded="md" bg="bg.muted" />
  );
}

/** The list's photo column: the employee photo's thumbnail, or the initials when there is none. */
export function KaryawanAvatar({ name, foto }: { name: string; foto: string | null }) {
  const photo = useQuery({ ...storedPhotoQuery(foto ?? '', THUMB_WIDTH), enabled: !!foto });
  return (
    <Avatar.Root size="sm">
      <Avatar.Fallback name={name} />
      {photo.data && <Avatar.Image src={photo.data} alt="" loading="lazy" width="32" height="32" />}
    </Avatar.Root>
  );
}
