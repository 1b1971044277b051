import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STAGE_IMAGE_MAX_SIDE } from '../../domain/codes';
import { prepareImage, THUMB_WIDTH } from '../../server/services/images';
import { jpegWithGps, notAnImage, pngImage } from './support/files';

describe('uploaded images are re-encoded (server/services/images.ts)', () => {
  it('drops EXIF and GPS, applies the orientation, and makes a thumbnail', async () => {
    const photo = await jpegWithGps(800, 400);
    const before = await sharp(photo).metadata();
    expect(before.exif!.includes(Buffer.from('NeomiTestCam'))).toBe(true);
    expect(before.orientation).toBe(6);

    const image = await prepareImage(photo);
    const after = await sharp(image.data).metadata();
    expect(image.ext).toBe('jpg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.data.includes(Buffer.from('NeomiTestCam'))).toBe(false);
    // orientation 6 is a quarter turn: the 800×400 photo stands upright
    expect([after.width, after.height]).toEqual([400, 800]);
    const thumb = await sharp(image.thumb).metadata();
    expect(thumb.width).toBe(THUMB_WIDTH);
    expect(thumb.exif).toBeUndefined();
  });

  it("with maxSide (a test stage's picture), scales a larger picture down to fit and keeps a smaller one", async () => {
    // a camera photo taken sideways (EXIF orientation 6): turned upright first, then scaled
    const large = await prepareImage(await jpegWithGps(2400, 1800), { maxSide: STAGE_IMAGE_MAX_SIDE });
    expect(await sharp(large.data).metadata()).toMatchObject({ width: 1200, height: STAGE_IMAGE_MAX_SIDE });
    const tall = await prepareImage(await pngImage(900, 2000), { maxSide: STAGE_IMAGE_MAX_SIDE });
    expect(await sharp(tall.data).metadata()).toMatchObject({ width: 720, height: STAGE_IMAGE_MAX_SIDE });
    const small = await prepareImage(await pngImage(640, 480), { maxSide: STAGE_IMAGE_MAX_SIDE });
    expect(await sharp(small.data).metadata()).toMatchObject({ width: 640, height: 480 });
    // without it (a course picture, a profile photo) nothing is scaled
    expect(await sharp((await prepareImage(await pngImage(2000, 100))).data).metadata()).toMatchObject({ width: 2000 });
  });

  it('keeps a small PNG as a PNG', async () => {
    const image = await prepareImage(await pngImage(40, 30));
    expect(image.ext).toBe('png');
    expect((await sharp(image.thumb).metadata()).width).toBe(40);
  });

  it('refuses what is not a picture with 415, whatever its name', async () => {
    await expect(prepareImage(notAnImage())).rejects.toMatchObject({
      statusCode: 415,
      key: 'app.validation.invalidImage',
    });
    // a PNG signature followed by garbage does not decode
    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
    await expect(prepareImage(broken)).rejects.toMatchObject({ statusCode: 415 });
  });
});
