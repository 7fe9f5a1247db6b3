/**
 * Photo type by magic bytes, and removal of the metadata that can carry where a photo was
 * taken (docs/decisions/015-photo-metadata.md). The result is the stored photo; the upload
 * itself is never kept.
 */

export type SanitisedPhoto = { ok: true; contentType: 'image/jpeg' | 'image/png'; bytes: Buffer } | { ok: false; reason: 'unknown' | 'heic' | 'damaged' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

export function sniffPhoto(bytes: Buffer): 'jpeg' | 'png' | 'heic' | 'unknown' {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'heic';
  return 'unknown';
}

export function sanitisePhoto(bytes: Buffer): SanitisedPhoto {
  const kind = sniffPhoto(bytes);
  if (kind === 'unknown') return { ok: false, reason: 'unknown' };
  if (kind === 'heic') return { ok: false, reason: 'heic' };
  const stripped = kind === 'jpeg' ? stripJpeg(bytes) : stripPng(bytes);
  if (!stripped) return { ok: false, reason: 'damaged' };
  return { ok: true, contentType: kind === 'jpeg' ? 'image/jpeg' : 'image/png', bytes: stripped };
}

/**
 * JPEG: APP1 carries EXIF (with its GPS block) and XMP, APP13 Photoshop/IPTC data, which can
 * hold a location too; both are dropped, the image data is copied as it is. The EXIF
 * orientation goes with EXIF, so a photo may show turned (decision 015).
 */
const DROPPED_JPEG_MARKERS = new Set([0xe1, 0xed]);

export function stripJpeg(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes (0xFF repeated) may pad before a marker.
    let markerAt = at;
    while (markerAt + 1 < bytes.length && bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) return null;
    if (marker === 0xd9) {
      parts.push(bytes.subarray(markerAt, markerAt + 2));
      return Buffer.concat(parts);
    }
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(markerAt, markerAt + 2));
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data and everything after it is image data.
      parts.push(bytes.subarray(markerAt));
      return Buffer.concat(parts);
    }
    if (!DROPPED_JPEG_MARKERS.has(marker)) parts.push(bytes.subarray(markerAt, end));
    at = end;
  }
  return null;
}

/** PNG: eXIf holds EXIF (GPS included); the text chunks can hold a location or any note. */
const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

export function stripPng(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!DROPPED_PNG_CHUNKS.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(parts);
    at = end;
  }
  return null;
}
