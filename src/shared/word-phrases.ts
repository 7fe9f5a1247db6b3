/**
 * Reading a spreadsheet cell written in people's words ("Office", "Fire extinguisher", "dry
 * chem") as one of a list of known values: each value has phrases, the longest phrase found in
 * the cell wins, and a word matches its plural too. Property types and the device import share it.
 */

/** Lower case, accents off, every run of other characters a single space. */
export const wordsOf = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const sameWord = (written: string, known: string) => written === known || written === `${known}s` || written === `${known}es`;

/** A reader of cells for the phrases of each value; undefined when no phrase is in the cell. */
export function phraseReader<T extends string>(phrasesByValue: Partial<Record<T, readonly string[]>>): (value: string) => T | undefined {
  const phrases = (Object.entries(phrasesByValue) as [T, readonly string[]][])
    .flatMap(([value, list]) => list.map((phrase) => ({ value, words: phrase.split(' ') })))
    // The longest phrase wins: "nursing home" is healthcare though "home" alone is residential.
    .sort((a, b) => b.words.length - a.words.length);
  return (cell) => {
    const words = wordsOf(cell);
    let best: { value: T; length: number; at: number } | undefined;
    for (const phrase of phrases) {
      if (best && phrase.words.length < best.length) break;
      for (let at = 0; at + phrase.words.length <= words.length; at++) {
        if (phrase.words.every((w, i) => sameWord(words[at + i]!, w))) {
          // Among phrases as long, the one written first: "Retail / Office" is retail.
          if (!best || at < best.at) best = { value: phrase.value, length: phrase.words.length, at };
          break;
        }
      }
    }
    if (best) return best.value;
    // "Multi-family" and "Multifamily", "Day care" and "Daycare": also the words run together.
    const compact = words.join('');
    return phrases.find((p) => p.words.length > 1 && p.words.join('') === compact)?.value;
  };
}
