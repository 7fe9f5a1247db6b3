import { crc32, deflateSync } from 'node:zlib';

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

/** A JPEG's marker structure (JFIF, EXIF with GPS, XMP, a frame and a scan) around a few bytes of scan data. */
export function jpegWithGps(orientation?: number): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exifWithGps(orientation)),
    segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${GPS_MARK.toString('latin1')}</exif:GPSLatitude></x:xmpmeta>`, 'latin1')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
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
