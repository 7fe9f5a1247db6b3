import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts every PDF prints with: Noto Sans (Latin with its extensions, Greek, Cyrillic) and
 * Noto Sans JP for what Noto Sans lacks (kana, CJK ideographs). Both ship as TTF files in npm
 * packages; pdfkit embeds only the glyphs a document uses.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

export type FontFile = keyof typeof FILES;

const require = createRequire(import.meta.url);
const loaded = new Map<FontFile, Buffer>();

/** Read on first use only (the JP files are 5 MB each), then kept for the process. */
export function fontBytes(name: FontFile): Buffer {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FILES[name]));
    loaded.set(name, bytes);
  }
  return bytes;
}

export const FONT_FILES = Object.keys(FILES) as FontFile[];
