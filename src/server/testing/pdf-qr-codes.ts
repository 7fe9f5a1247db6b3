import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Light modules a decoder is given around a code, as a printed label has them. */
const QUIET_ZONE = 4;
const PIXELS_PER_MODULE = 6;

/**
 * The QR codes a PDF draws as filled rectangles (labels, reports), read back from the PDF's
 * own drawing operators: each filled path of rectangles is laid on a grid of its smallest
 * rectangle's height, drawn into pixels and decoded with jsQR, as a phone would decode a
 * photo of the printed page. One array of decoded texts per page; a path that is not a code
 * decodes to nothing and is left out.
 */
export async function pdfQrCodes(bytes: Buffer): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const { fnArray, argsArray } = await (await pdf.getPage(n)).getOperatorList();
    const found: string[] = [];
    let path: Rect[] = [];
    fnArray.forEach((fn, i) => {
      if (fn === OPS.constructPath) {
        const [ops, coords] = argsArray[i] as [number[], number[]];
        let at = 0;
        for (const op of ops) {
          if (op === OPS.rectangle) {
            const [x, y, w, h] = coords.slice(at, at + 4) as [number, number, number, number];
            path.push({ x: Math.min(x, x + w), y: Math.min(y, y + h), w: Math.abs(w), h: Math.abs(h) });
            at += 4;
          } else if (op === OPS.moveTo || op === OPS.lineTo) at += 2;
          else if (op === OPS.curveTo) at += 6;
          else if (op === OPS.curveTo2 || op === OPS.curveTo3) at += 4;
        }
      } else if (fn === OPS.fill || fn === OPS.eoFill) {
        const text = path.length > 20 ? decodeRects(path) : null;
        if (text !== null) found.push(text);
        path = [];
      } else if (fn === OPS.endPath || fn === OPS.stroke) {
        path = [];
      }
    });
    pages.push(found);
  }
  await pdf.destroy();
  return pages;
}

function decodeRects(rects: Rect[]): string | null {
  const cell = Math.min(...rects.map((r) => r.h));
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const modules = Math.round((Math.max(...rects.map((r) => r.x + r.w)) - left) / cell);
  const side = (modules + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const r of rects) {
    const col0 = Math.round((r.x - left) / cell);
    const cols = Math.round(r.w / cell);
    const row0 = Math.round((r.y - top) / cell);
    const rows = Math.round(r.h / cell);
    for (let py = (row0 + QUIET_ZONE) * PIXELS_PER_MODULE; py < (row0 + rows + QUIET_ZONE) * PIXELS_PER_MODULE; py++) {
      for (let px = (col0 + QUIET_ZONE) * PIXELS_PER_MODULE; px < (col0 + cols + QUIET_ZONE) * PIXELS_PER_MODULE; px++) {
        const o = (py * side + px) * 4;
        pixels[o] = pixels[o + 1] = pixels[o + 2] = 0;
      }
    }
  }
  // The PDF's y may run up or down the page: a code read upside down is mirrored, so try both.
  const upright = jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' });
  if (upright) return upright.data;
  const flipped = new Uint8ClampedArray(pixels.length);
  for (let y = 0; y < side; y++) flipped.set(pixels.subarray(y * side * 4, (y + 1) * side * 4), (side - 1 - y) * side * 4);
  return jsQR(flipped, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
