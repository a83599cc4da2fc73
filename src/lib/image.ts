/**
 * Photos taken on the device (check-in evidence, employee and ID photos) are compressed there to at
 * most 1280 px and 300 KB before they are stored or sent.
 */
// The library would fetch its worker code from a CDN; the bundled copy keeps compression offline.
import imageCompressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

export const PHOTO_MAX_EDGE_PX = 1280;
export const PHOTO_MAX_KB = 300;

export async function compressPhoto(file: File): Promise<File> {
  // Loaded with the first photo, not with the screen: it is the biggest piece of the field app.
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
