import { PROOF_MSG } from '@cargo/shared';
import { HttpError } from '../../lib/http-errors.ts';
import { loadOnce } from '../../lib/load-once.ts';

/**
 * Photos and signatures as kept (design.md §10): read by their bytes (never the file name or the part's content
 * type), turned upright by their orientation tag, scaled to at most 1,600 px on the longest side, and written anew
 * without any metadata, so a photo's GPS position, camera serial and the like never leave the server.
 */
export const PHOTO_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 320;
export const SIGNATURE_MAX_SIDE = 1000;
/** Larger than any phone camera; stops a small file that claims an enormous canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 60_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const loadSharp = loadOnce(async () => {
  const { default: sharp } = await import('sharp');
  // Every upload is a new picture: libvips' operation cache would only hold memory (bench/RESULTS.md, issue 18).
  sharp.cache(false);
  return sharp;
});

export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  thumb: Buffer | null;
}

export const unsupportedImage = () => new HttpError(415, PROOF_MSG.unsupportedImage);

async function formatOf(input: Buffer): Promise<string> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw unsupportedImage();
    return meta.format;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unsupportedImage();
  }
}

/** A photo: upright, at most 1,600 px, JPEG without metadata, with a 320 px thumbnail. 415 when it is no picture. */
export async function processPhoto(input: Buffer): Promise<ProcessedImage> {
  await formatOf(input);
  const sharp = await loadSharp();
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to.
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const main = await upright
      .clone()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(main.data).resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside' }).jpeg({ quality: 70 }).toBuffer();
    return { bytes: main.data, contentType: 'image/jpeg', width: main.info.width, height: main.info.height, thumb };
  } catch {
    // A file whose header reads as a picture but whose data does not decode.
    throw unsupportedImage();
  }
}

/** A signature: PNG (transparency kept), at most 1,000 px, without metadata. */
export async function processSignature(input: Buffer): Promise<ProcessedImage> {
  await formatOf(input);
  const sharp = await loadSharp();
  try {
    const out = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: SIGNATURE_MAX_SIDE, height: SIGNATURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, contentType: 'image/png', width: out.info.width, height: out.info.height, thumb: null };
  } catch {
    throw unsupportedImage();
  }
}
