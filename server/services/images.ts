import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors';

/** What an uploaded image becomes: re-encoded, oriented, without metadata, with a thumbnail for lists. */
export interface PreparedImage {
  data: Buffer;
  thumb: Buffer;
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  mime: string;
}

const ACCEPTED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
] as const);

export const THUMB_WIDTH = 320;
/** Larger pictures are refused (a decompression bomb is small on disk and huge in memory). */
const MAX_PIXELS = 60_000_000;

export const unsupportedImage = () =>
  new AppError(415, 'app.validation.invalidImage', { image: 'app.validation.invalidImage' });

/**
 * Checks an upload by its bytes (magic numbers, then a full decode) and
 * re-encodes it with sharp in its own format: EXIF orientation applied,
 * every metadata block (EXIF, GPS, XMP, ICC) dropped, and a thumbnail
 * THUMB_WIDTH wide; with `maxSide`, a larger picture is scaled down to fit
 * within maxSide × maxSide. Anything that is not a PNG, JPEG, WebP or GIF
 * picture answers 415 and nothing is kept.
 */
export async function prepareImage(input: Buffer, options: { maxSide?: number } = {}): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(input);
  const ext = type && ACCEPTED.get(type.mime as never);
  if (!type || !ext) throw unsupportedImage();
  try {
    const animated = ext === 'gif' || ext === 'webp';
    const source = () => sharp(input, { animated, limitInputPixels: MAX_PIXELS }).rotate();
    const encode = (image: Sharp) =>
      // libjpeg-turbo, not mozjpeg: mozjpeg's trellis search costs ~20× the time (1.6 s vs 0.09 s for a
      // 2-megapixel photo here), which a class uploading drawings at once cannot afford (bench/examDay.ts)
      ext === 'jpg'
        ? image.jpeg({ quality: 85 })
        : ext === 'png'
          ? image.png({ compressionLevel: 8 })
          : ext === 'webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    const [data, thumb] = await Promise.all([
      encode(
        options.maxSide
          ? source().resize({
              width: options.maxSide,
              height: options.maxSide,
              fit: 'inside',
              withoutEnlargement: true,
            })
          : source(),
      ).toBuffer(),
      encode(source().resize({ width: THUMB_WIDTH, withoutEnlargement: true })).toBuffer(),
    ]);
    return { data, thumb, ext, mime: type.mime };
  } catch {
    // a file with an image's first bytes that does not decode
    throw unsupportedImage();
  }
}
