import sharp from 'sharp';

/** A multipart/form-data body: text fields and any number of files (tests of upload routes). */
export function multipart(
  fields: Record<string, string>,
  ...files: { name: string; filename: string; data: Buffer; type?: string }[]
) {
  const boundary = `----neomi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real PNG picture. */
export const pngImage = (width = 64, height = 48, colour = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A JPEG photo carrying EXIF with GPS coordinates and an orientation (the EXIF tests strip them). */
export const jpegWithGps = (width = 80, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: '#cc8833' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'NeomiTestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 0/1' },
    })
    .jpeg()
    .toBuffer();

/** Bytes that claim to be a PNG by name only. */
export const notAnImage = () => Buffer.from('<script>alert(1)</script> not a picture at all');
