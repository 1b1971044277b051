import { STAGE_IMAGE_MAX_SIDE } from '../../../domain/codes';

/**
 * A stage's photo as it is sent (docs/DEPLOY.md "Less work per stage"): a phone's camera picture scaled down on the
 * device to the size marking needs (STAGE_IMAGE_MAX_SIDE on its longest side), turned upright, JPEG and WebP at
 * quality 0.85 and PNG without loss. Less to send over a phone's network and less for the server to decode; the
 * server still re-encodes it and strips its metadata. An animation (GIF) goes as it is, and so does a picture the
 * browser cannot draw (the server then decides, and answers 415 for what is no picture). The library is loaded
 * with the first photo sent, not with the page.
 */
export async function photoForUpload(photo: File): Promise<Blob> {
  if (photo.type === 'image/gif') return photo;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(photo, {
      maxWidthOrHeight: STAGE_IMAGE_MAX_SIDE,
      initialQuality: photo.type === 'image/png' ? 1 : 0.85,
      // in this page's own thread: a worker would load the library from a CDN, which the page's policy forbids
      useWebWorker: false,
    });
  } catch {
    return photo;
  }
}
