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
 * hold a location too; both are dropped, the image data is copied as it is. Of EXIF only the
 * orientation is kept, written anew as the one tag of a minimal EXIF block: a phone held
 * upright stores the pixels sideways and says so there, and without it the photo would show
 * turned (decision 015).
 */
const DROPPED_JPEG_MARKERS = new Set([0xe1, 0xed]);

export function stripJpeg(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let orientationKept = false;
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
    else if (marker === 0xe1 && !orientationKept) {
      const orientation = exifOrientation(bytes.subarray(markerAt + 4, end));
      if (orientation !== null) {
        parts.push(orientationOnlyExif(orientation));
        orientationKept = true;
      }
    }
    at = end;
  }
  return null;
}

/** The EXIF orientation (2-8) of an APP1 payload; null when absent, 1 (as stored) or unreadable. */
export function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    // Orientation: tag 0x0112, one SHORT, stored in the entry itself.
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 2 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding EXIF with the orientation alone: nothing of where, when or with what. */
function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
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
