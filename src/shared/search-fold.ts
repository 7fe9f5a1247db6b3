/**
 * How search compares text: across case and accents, in every script (issue 30). The
 * database does the same in SQL (`firemark_search_fold`, migration 0018, generated from this
 * definition by scripts/search-fold-sql.ts), so a search matches there as the screens expect.
 *
 * A character folds to: its compatibility decomposition (fullwidth "Ａ" is "A", "ｶ" is "カ"),
 * without the diacritics people leave out when they type (the combining marks of Latin,
 * Greek, Cyrillic, Hebrew and Arabic: "Č" is "C", "ё" is "е"; not the kana voicing marks or
 * the vowel signs of Indic scripts, which change the letter), in lower case ("DŮM" is "dům"
 * is "dum"), with a few letters that have no decomposition read as people type them without
 * their stroke ("Ł" is "l", "Ø" is "o") and the final sigma as sigma. Characters that would
 * fold to more than one character keep themselves, except ß, æ and œ (ss, ae, oe).
 */

/** Combining marks that are accents (removed), as opposed to marks that are part of a letter. */
const ACCENT = /^(?:(?![\u3099\u309A])\p{Script=Inherited}|[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Armenian}])$/u;
const MARK = /\p{M}/u;

/** Letters without a decomposition that people type without their stroke or hook. */
export const SEARCH_FOLD_LETTERS: Record<string, string> = {
  ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't', ı: 'i', ƀ: 'b', ƚ: 'l', ɨ: 'i', ʉ: 'u', ɍ: 'r', ɏ: 'y', ȼ: 'c', ɇ: 'e', ƶ: 'z', ǥ: 'g', ð: 'd', ς: 'σ',
};
/** Folds of more than one character that are kept (the SQL applies them with replace()). */
export const SEARCH_FOLD_EXPANSIONS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };

const stripAccents = (text: string) => [...text].filter((c) => !(MARK.test(c) && ACCENT.test(c))).join('');

/** One character's fold, before it is limited to a single character (see searchFoldChar). */
function foldOne(c: string): string {
  let f = stripAccents(c.normalize('NFKD')).toLowerCase();
  f = [...f].map((x) => SEARCH_FOLD_LETTERS[x] ?? x).join('');
  return f.normalize('NFC');
}

const cache = new Map<string, string>();

/** What one character (code point) folds to: one character, none (an accent), or several (ß). */
export function searchFoldChar(c: string): string {
  let f = cache.get(c);
  if (f === undefined) {
    const key = searchFoldKey(c);
    f = SEARCH_FOLD_EXPANSIONS[key] ?? key;
    cache.set(c, f);
  }
  return f;
}

/** A character's fold limited to one character (or none); SEARCH_FOLD_EXPANSIONS then widens ß, æ, œ, þ. */
export function searchFoldKey(c: string): string {
  const folded = foldOne(c);
  if ([...folded].length <= 1) return folded;
  // "Ĳ" would be "ij": it is kept, in lower case.
  const lower = c.toLowerCase();
  return [...lower].length === 1 ? lower : c;
}

/** Text as search compares it. */
export function searchFold(text: string): string {
  // Plain ASCII, the usual case, only needs lower case.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return [...text].map(searchFoldChar).join('');
}

/** Whether `text` contains `term`, as search decides it. */
export const searchMatches = (text: string, term: string) => searchFold(text).includes(searchFold(term));
