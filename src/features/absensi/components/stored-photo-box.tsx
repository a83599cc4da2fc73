import { PhotoThumbnail } from '../../../components/photo-thumbnail';

/**
 * A check-in photo of the back office's attendance screens (fetched with the session, as the photo route
 * wants): its thumbnail 10 rem high, the full photo on click; `noPhoto` when the record has none.
 */
export function StoredPhotoBox({ name, alt, noPhoto }: { name: string | null; alt: string; noPhoto: string }) {
  return <PhotoThumbnail name={name} alt={alt} noPhoto={noPhoto} height="40" />;
}
