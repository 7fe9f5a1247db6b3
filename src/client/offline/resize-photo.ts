/**
 * A photo made smaller on the device before it is kept (issue 33: long side at most 2,000 px),
 * so the outbox holds, and later uploads, a few hundred kilobytes rather than a camera's 5 MB.
 */

export const PHOTO_MAX_SIDE = 2000;
const JPEG_QUALITY = 0.85;

/** The size that fits `max` on the long side, keeping the shape; the same size when it fits already. */
export function fittedSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A JPEG with its long side at most 2,000 px. A file the browser cannot decode (a HEIC on a
 * desktop browser, say) is kept as it is: the server decodes every file and says if it cannot.
 */
export async function resizePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // The camera's orientation is applied, so a portrait photo stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    if (width === bitmap.width && height === bitmap.height && file.type === 'image/jpeg') return file;
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return blob ?? file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
