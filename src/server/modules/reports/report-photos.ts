import sharp from 'sharp';
import type { ReportRecords } from './report-records';

/**
 * Photos print at one inch (report-records.ts, 72 pt); 360 pixels on the long side is 360 dpi
 * there, sharper than print needs, and keeps each embedded photo to tens of kilobytes however
 * large the stored one is. The photos are the app's own re-encoded files; one that still does
 * not decode is left out rather than failing the report.
 */
const PRINT_PIXELS = 360;

async function printable(photo: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(photo, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PRINT_PIXELS, PRINT_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** The records with every photo made print-sized (on libuv's threads, not the request's). */
export async function printablePhotos(records: ReportRecords): Promise<ReportRecords> {
  const deficiencies = await Promise.all(
    records.deficiencies.map(async (d) => ({
      ...d,
      photos: (await Promise.all(d.photos.map(printable))).filter((p): p is Buffer => p !== undefined),
    })),
  );
  return { ...records, deficiencies };
}
