import sharp from 'sharp';

/**
 * Every photo is decoded once and written anew by libvips (sharp) before it is stored
 * (docs/decisions/024-photos-decoded-and-re-encoded.md): what is stored, served and embedded
 * in reports is the codec's own output, never the uploaded bytes. Decoding refuses what does
 * not decode cleanly (a broken or truncated stream) and what declares more pixels than
 * PHOTO_MAX_PIXELS (before any are decoded); re-encoding keeps no metadata at all, since
 * sharp writes none unless asked to (and it is never asked).
 */

/** More than any phone camera takes (about 48 megapixels at most); a larger image is refused before it is decoded. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** The stored photo's longest side; ample on any screen, and a report prints photos at one inch. */
export const PHOTO_LONG_SIDE = 2560;
export const PHOTO_JPEG_QUALITY = 85;

// libvips' operation cache would keep decoded images of past uploads in memory; nothing here is repeated.
sharp.cache(false);

export type EncodedPhoto =
  | { ok: true; contentType: 'image/jpeg' | 'image/png'; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: 'unknown' | 'heic' | 'damaged' | 'too_large'; detail: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

/**
 * What the first bytes say the file is. Only JPEG and PNG go on to the decoder: libvips reads
 * many more formats (SVG, TIFF, GIF, ...), and none of them is a photo this app takes.
 */
export function sniffPhoto(bytes: Buffer): 'jpeg' | 'png' | 'heic' | 'unknown' {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'heic';
  return 'unknown';
}

/**
 * Decodes and re-encodes a photo: orientation applied to the pixels (so no EXIF is needed to
 * show it upright), long side capped at PHOTO_LONG_SIDE, 8-bit sRGB (CMYK and 16-bit inputs
 * converted), JPEG stays JPEG and PNG stays PNG (a PNG may hold a screenshot or transparency).
 * Runs on libuv's thread pool, not the event loop.
 */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  const kind = sniffPhoto(bytes);
  if (kind === 'unknown') return { ok: false, reason: 'unknown', detail: 'not a JPEG or PNG' };
  if (kind === 'heic') return { ok: false, reason: 'heic', detail: 'HEIC' };
  try {
    // failOn 'error': a stream with a decoding error (a broken deflate stream, a JPEG cut
    // short) is refused instead of being stored with grey or missing rows.
    const image = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const output = kind === 'jpeg' ? image.jpeg({ quality: PHOTO_JPEG_QUALITY, mozjpeg: false }) : image.png({ compressionLevel: 6 });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { ok: true, contentType: kind === 'jpeg' ? 'image/jpeg' : 'image/png', bytes: data, width: info.width, height: info.height };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // sharp checks the declared size against the limit before decoding any pixel.
    return { ok: false, reason: /pixel limit/i.test(detail) ? 'too_large' : 'damaged', detail };
  }
}
