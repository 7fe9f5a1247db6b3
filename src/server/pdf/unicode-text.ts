import { FONT_FILES, fontBytes, type FontFile } from './fonts';

export type Weight = 'regular' | 'bold';

const FALLBACK: Record<Weight, FontFile> = { regular: 'cjkRegular', bold: 'cjkBold' };
const MEASURE_STAND_IN = '\u2014';

/** pdfkit's parsed font (fontkit), which it keeps as `font` on the selected font. */
interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
}

/**
 * Parsed fonts, shared by every document: parsing the tables is most of a PDF's rendering
 * time, and pdfkit takes a parsed font as a source (each document still embeds its own subset).
 */
const parsed = new Map<FontFile, ParsedFont>();

/** Selects a registered font and keeps its parsed form for the next documents. */
function select(doc: PDFKit.PDFDocument, name: FontFile): ParsedFont {
  doc.font(name);
  const font = (doc as unknown as { _font: { font: ParsedFont } })._font.font;
  if (!parsed.has(name)) parsed.set(name, font);
  return font;
}

/**
 * Registers the Unicode fonts on a document. pdfkit parses a registered font only when it is
 * first selected, so until a PDF has CJK text the JP font is never opened.
 */
export function useUnicodeFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const name of FONT_FILES) doc.registerFont(name, (parsed.get(name) as unknown as Buffer | undefined) ?? fontBytes(name));
  select(doc, 'regular');
  return doc;
}

/** Whether the primary font of a weight draws a character. */
function coverage(doc: PDFKit.PDFDocument, weight: Weight): ParsedFont {
  return select(doc, weight);
}

/**
 * The text cut into runs of one font each: Noto Sans where it has the glyph, Noto Sans JP
 * where it does not. A string mixing scripts ("Złota 44, 東京都") is then drawn run by run.
 */
export function fontRuns(doc: PDFKit.PDFDocument, weight: Weight, text: string): { font: FontFile; text: string }[] {
  const primary = coverage(doc, weight);
  const runs: { font: FontFile; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const font: FontFile = codePoint < 0x80 || primary.hasGlyphForCodePoint(codePoint) ? weight : FALLBACK[weight];
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/**
 * `doc.text` in the given weight for text in any script. Options apply to the whole string;
 * with several runs pdfkit's `continued` joins them into one wrapped paragraph.
 */
export function write(
  doc: PDFKit.PDFDocument,
  weight: Weight,
  text: string,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const runs = fontRuns(doc, weight, text);
  if (runs.length <= 1) runs.splice(0, runs.length, { font: runs[0]?.font ?? weight, text });
  runs.forEach((run, i) => {
    select(doc, run.font);
    const last = i === runs.length - 1;
    const runOptions = { ...options, continued: last ? options.continued : true };
    // pdfkit reads a missing x as "options come first", so position only when given.
    if (i === 0 && (x !== undefined || y !== undefined)) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  return doc;
}

/**
 * The height `write` will take. Mixed text is measured in the primary font with each
 * fallback character as an em dash (about as wide as an ideograph), close enough for laying
 * out rows.
 */
export function textHeight(doc: PDFKit.PDFDocument, weight: Weight, text: string, options: PDFKit.Mixins.TextOptions): number {
  const runs = fontRuns(doc, weight, text);
  if (runs.length === 1) {
    select(doc, runs[0]!.font);
    return doc.heightOfString(text, options);
  }
  const measured = runs.map((run) => (run.font === weight ? run.text : MEASURE_STAND_IN.repeat([...run.text].length))).join('');
  doc.font(weight);
  return doc.heightOfString(measured, options);
}
