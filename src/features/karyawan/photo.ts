/**
 * Employee photos (foto_kar, foto_ktp): compressed on the device to at most 1280 px and 300 KB
 * before upload, like the field app's evidence photos.
 */
// The library would fetch its worker code from a CDN; the bundled copy keeps compression offline.
import imageCompressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

export const PHOTO_MAX_EDGE_PX = 1280;
export const PHOTO_MAX_KB = 300;

export async function compressPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(file, {
    maxSizeMB: PHOTO_MAX_KB / 1024,
    maxWidthOrHeight: PHOTO_MAX_EDGE_PX,
    useWebWorker: true,
    libURL: new URL(imageCompressionLibUrl, window.location.href).href,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
  });
  return new File([out], 'foto.jpg', { type: 'image/jpeg' });
}
