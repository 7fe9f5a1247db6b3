import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The GPS latitude written into test photos, as its rational's bytes would never occur by chance. */
export const GPS_MARK = Buffer.from('GPSMARK-51N-0W', 'latin1');

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * An EXIF block (TIFF, little-endian) with a GPS IFD: GPSLatitudeRef "N" and an ASCII
 * GPS tag holding GPS_MARK, as a phone camera writes the place a photo was taken; with an
 * orientation, IFD0 also holds it (6: the camera was held upright, the pixels lie sideways).
 */
export function exifWithGps(orientation?: number): Buffer {
  const ifd0Entries = orientation ? 2 : 1;
  const gpsIfd = 8 + 2 + 12 * ifd0Entries + 4;
  const tiff = Buffer.alloc(gpsIfd + 2 + 2 * 12 + 4);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: the orientation (0x0112) if asked for, then the GPS IFD pointer (0x8825), in tag order.
  tiff.writeUInt16LE(ifd0Entries, 8);
  let at = 10;
  if (orientation) {
    tiff.writeUInt16LE(0x0112, at);
    tiff.writeUInt16LE(3, at + 2); // SHORT
    tiff.writeUInt32LE(1, at + 4);
    tiff.writeUInt16LE(orientation, at + 8);
    at += 12;
  }
  tiff.writeUInt16LE(0x8825, at);
  tiff.writeUInt16LE(4, at + 2); // LONG
  tiff.writeUInt32LE(1, at + 4);
  tiff.writeUInt32LE(gpsIfd, at + 8);
  tiff.writeUInt32LE(0, at + 12);
  // GPS IFD: GPSLatitudeRef = "N", GPSAreaInformation-like ASCII pointing after the IFD.
  tiff.writeUInt16LE(2, gpsIfd);
  at = gpsIfd + 2;
  tiff.writeUInt16LE(0x0001, at);
  tiff.writeUInt16LE(2, at + 2);
  tiff.writeUInt32LE(2, at + 4);
  tiff.write('N\0', at + 8, 'latin1');
  at += 12;
  tiff.writeUInt16LE(0x001c, at);
  tiff.writeUInt16LE(7, at + 2); // UNDEFINED
  tiff.writeUInt32LE(GPS_MARK.length, at + 4);
  tiff.writeUInt32LE(tiff.length, at + 8);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, GPS_MARK]);
}

/**
 * A real JPEG (encoded by sharp, so it decodes) with JFIF, EXIF carrying GPS (and the
 * orientation, if given) and XMP naming the place spliced in after its start marker, as a
 * phone camera writes them.
 */
export async function jpegWithGps(orientation?: number, size: { width: number; height: number } = { width: 60, height: 40 }): Promise<Buffer> {
  const base = await solidJpeg(size.width, size.height);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe1, exifWithGps(orientation)),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${GPS_MARK.toString('latin1')}</exif:GPSLatitude></x:xmpmeta>`, 'latin1')),
    base.subarray(2),
  ]);
}

/** A JPEG of one colour: small on disk however many pixels it has. */
export function solidJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c03020' }, limitInputPixels: false }).jpeg({ quality: 90 }).toBuffer();
}

/** A JPEG of random pixels: every part of its scan data matters, so a cut one is visibly cut. */
export function noiseJpeg(width = 200, height = 150): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** A JPEG cut off in the middle of its scan data, as an interrupted upload or copy leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noiseJpeg();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A CMYK JPEG, as print workflows and some scanners write them. */
export function cmykJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03020' } }).toColourspace('cmyk').jpeg().toBuffer();
}

/** A PNG with 16 bits per channel. */
export function png16(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03020' } }).toColourspace('rgb16').png().toBuffer();
}

/** Bytes of a comment (COM) and an APP12 segment: neither may reach the stored photo. */
export const COMMENT_MARK = Buffer.from('COMMENT-MARK-flat-12B', 'latin1');
export const APP12_MARK = Buffer.from('APP12-MARK-serial-0042', 'latin1');

/**
 * A multi-picture JPEG (MPF, CIPA DC-007) as phones write for depth or HDR photos: the
 * primary image, with a comment, an APP12 segment and an APP2 MPF index, followed after its
 * end marker by a second complete JPEG whose own EXIF carries GPS_MARK.
 */
export async function multiPictureJpeg(): Promise<Buffer> {
  const primary = await solidJpeg(60, 40);
  const second = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, exifWithGps()), (await solidJpeg(30, 20)).subarray(2)]);
  // The MP index: a big-endian TIFF header and one IFD (version, image count, MP entries),
  // then two 16-byte entries; offsets count from the TIFF header.
  const mpf = (secondOffset: number) => {
    const tiff = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 32);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(3, 8);
    const entry = (at: number, tag: number, type: number, count: number, value: (b: Buffer, at: number) => void) => {
      tiff.writeUInt16BE(tag, at);
      tiff.writeUInt16BE(type, at + 2);
      tiff.writeUInt32BE(count, at + 4);
      value(tiff, at + 8);
    };
    entry(10, 0xb000, 7, 4, (b, at) => b.write('0100', at, 'latin1'));
    entry(22, 0xb001, 4, 1, (b, at) => b.writeUInt32BE(2, at));
    entry(34, 0xb002, 7, 32, (b, at) => b.writeUInt32BE(50, at));
    tiff.writeUInt32BE(0, 46);
    // Entry 1: primary image (attribute 0x20030000, size, offset 0); entry 2: the second.
    tiff.writeUInt32BE(0x20030000, 50);
    tiff.writeUInt32BE(primary.length, 54);
    tiff.writeUInt32BE(0x00000000, 66);
    tiff.writeUInt32BE(second.length, 70);
    tiff.writeUInt32BE(secondOffset, 74);
    return segment(0xe2, Buffer.concat([Buffer.from('MPF\0', 'latin1'), tiff]));
  };
  const head = (offset: number) =>
    Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xfe, COMMENT_MARK), segment(0xec, Buffer.concat([Buffer.from('Ducky\0', 'latin1'), APP12_MARK])), mpf(offset)]);
  // The TIFF header sits 8 bytes into the APP2 segment (marker, length, "MPF\0").
  const probe = head(0);
  const tiffAt = probe.length - (mpf(0).length - 8);
  const firstLength = probe.length + primary.length - 2;
  return Buffer.concat([head(firstLength - tiffAt), primary.subarray(2), second]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2x2 PNG carrying EXIF with GPS (eXIf) and a text chunk naming a place. */
export function pngWithGps(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = Buffer.from([0, 200, 30, 30, 200, 30, 30, 0, 200, 30, 30, 200, 30, 30]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('eXIf', exifWithGps().subarray(6)),
    pngChunk('tEXt', Buffer.concat([Buffer.from('Location\0', 'latin1'), GPS_MARK])),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an iPhone HEIC file (an ftyp box of brand heic). */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(200)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
}

/**
 * 85 bytes that look like a PNG (signature, a 1x1 RGBA header, an IDAT, IEND, every CRC
 * right) but whose IDAT is not a deflate stream: a decoder fails on it.
 */
export function corruptPng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(1, 1, 8, 6), pngChunk('IDAT', Buffer.from('this is not zlib data at all', 'latin1')), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A valid PNG of 20000 x 20000 black pixels (1 bit each) in about 50 KB: 400 megapixels,
 * gigabytes once decoded to 8-bit RGB. Deflated as a stream, never held whole.
 */
export async function pixelBombPng(): Promise<Buffer> {
  const side = 20_000;
  const row = Buffer.alloc(1 + side / 8);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rows = Buffer.concat(Array.from({ length: 1000 }, () => row));
  for (let i = 0; i < side / 1000; i++) deflate.write(rows);
  deflate.end();
  await done;
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 1, 0), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

export const PRIVATE_MARK = Buffer.from('PRIVATE-CHUNK-MARK', 'latin1');

/** A real 2x2 PNG with a private ancillary chunk (prVt) and a text chunk, both holding marks. */
export function pngWithPrivateChunks(): Buffer {
  const rows = Buffer.from([0, 200, 30, 30, 200, 30, 30, 0, 200, 30, 30, 200, 30, 30]);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(2, 2, 8, 2),
    pngChunk('prVt', PRIVATE_MARK),
    pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), COMMENT_MARK])),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
