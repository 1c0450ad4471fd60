import { MAX_PROOF_IMAGE_BYTES, messages } from '@return-center/contract';
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'gif';
export const CONTENT_TYPES: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
/** Images larger than this many pixels are refused before decoding: a phone photo (12–20 MP) never is, a flood is. */
export const MAX_PIXELS = 24_000_000;
/** Animated GIFs with more frames than this are refused: each frame is a full decode. */
export const MAX_FRAMES = 50;

// Decoding runs in a bounded queue (see UploadsService); sharp must not add its own cache or fan out over every core.
sharp.cache(false);
sharp.concurrency(1);

export class ImageRejected extends Error {}

/** The type named by the file's first bytes, never by its name or declared type. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/**
 * Checks an uploaded file and re-encodes it: magic bytes, size, pixel count, a full decode (which
 * fails on polyglots and truncated files), and a fresh encoding without metadata (EXIF, GPS).
 */
export async function cleanImage(data: Buffer): Promise<{ type: ImageType; data: Buffer }> {
  if (data.length > MAX_PROOF_IMAGE_BYTES) throw new ImageRejected(messages.imageSize);
  const type = sniffImageType(data);
  if (!type) throw new ImageRejected(messages.imageType);
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: type === 'gif' });
    const meta = await image.metadata();
    if (meta.format !== (type === 'jpeg' ? 'jpeg' : type)) throw new ImageRejected(messages.imageType);
    if ((meta.pages ?? 1) > MAX_FRAMES) throw new ImageRejected(messages.uploadFailed);
    const pipeline = image.rotate();
    const clean = type === 'jpeg' ? pipeline.jpeg({ quality: 85 }) : type === 'png' ? pipeline.png() : pipeline.gif();
    return { type, data: await clean.toBuffer() };
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected(messages.uploadFailed);
  }
}
