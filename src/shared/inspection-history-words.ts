import { INSPECTION_TYPES, type ComplianceResult, type InspectionType } from './enums';
import { searchFold } from './search-fold';

/**
 * The words people write in an inspection history spreadsheet (issue 35 §2): results, safety
 * item types and activities, read as what they mean. Matching is across case, accents,
 * spacing and punctuation; a word also matches its plural.
 */

/** Folded words: lower case, accents off, split on anything but letters and digits. */
export const wordsOf = (value: string) => searchFold(value.normalize('NFKC')).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const RESULT_WORDS: Record<string, ComplianceResult> = {
  compliant: 'compliant', pass: 'compliant', passed: 'compliant', ok: 'compliant',
  noncompliant: 'non_compliant', fail: 'non_compliant', failed: 'non_compliant', defective: 'non_compliant',
};

/** "Pass", "FAILED", "non-compliant", "Non compliant": the result; anything else is null. */
export function readResult(value: string): ComplianceResult | null {
  return RESULT_WORDS[wordsOf(value).join('')] ?? null;
}

/** What people call each safety item, besides its own name (INSPECTION_TYPE_LABELS). */
const TYPE_WORDS: Record<InspectionType, readonly string[]> = {
  fire_extinguisher: ['fire extinguisher', 'extinguisher', 'portable extinguisher', 'portable fire extinguisher'],
  sprinkler_system: ['sprinkler system', 'sprinkler', 'fire sprinkler', 'sprinkler systems', 'sprinklers system'],
  emergency_lighting: ['emergency lighting', 'emergency light', 'emergency lights', 'emergency lamp'],
  emergency_exits: ['emergency exit', 'exit', 'exit door', 'egress', 'egress door', 'means of egress'],
  smoke_detectors: ['smoke detector', 'smoke alarm', 'smoke detection'],
  fire_alarm: ['fire alarm', 'fire alarm system', 'alarm system', 'fire alarms system', 'fire detection and alarm'],
  fire_doors: ['fire door', 'fire door assembly', 'fire rated door', 'fire-rated door', 'rated door', 'door assembly', 'fire door inspection', 'nfpa 80'],
  backflow_preventers: ['backflow', 'backflow preventer', 'backflow prevention', 'backflow prevention assembly', 'bfp', 'rpz'],
  kitchen_hood_suppression: ['kitchen hood', 'hood suppression', 'kitchen suppression', 'ansul', 'kitchen fire suppression', 'hood system', 'kitchen hood suppression system', 'wet chemical system', 'hood and duct', 'kitchen exhaust', 'range hood suppression', 'hood cleaning', 'ansul system'],
  standpipes: ['standpipe', 'standpipe system', 'hose system', 'standpipe and hose', 'dry standpipe', 'wet standpipe', 'fire hose station'],
  emergency_generator: ['generator', 'emergency generator', 'standby generator', 'genset', 'emergency power', 'generator set', 'emergency power supply', 'epss', 'transfer switch', 'ats', 'nfpa 110'],
  fire_smoke_dampers: ['damper', 'fire damper', 'smoke damper', 'fire smoke damper', 'fire and smoke damper', 'combination damper', 'life safety damper', 'damper inspection'],
  smoke_co_alarms: ['co alarm', 'carbon monoxide alarm', 'smoke co alarm', 'smoke and co alarm', 'smoke and carbon monoxide alarm', 'dwelling smoke alarm', 'co detector', 'carbon monoxide detector', 'combination alarm', 'unit smoke alarm', 'apartment smoke alarm'],
  fire_pump: ['fire pump', 'pump', 'jockey pump', 'diesel fire pump', 'electric fire pump', 'fire pump test', 'churn test', 'pump test'],
  special_hazard_suppression: ['clean agent', 'special hazard', 'special hazard suppression', 'fm 200', 'fm200', 'novec', 'gaseous suppression', 'clean agent system', 'inergen', 'co2 system', 'gas suppression', 'server room suppression'],
  private_hydrants_mains: ['hydrant', 'private hydrant', 'fire hydrant', 'private fire service main', 'fire main', 'underground main', 'hydrants and mains', 'yard hydrant', 'fire service main', 'underground fire main', 'hydrant flow test'],
  water_storage_tanks: ['water tank', 'fire water tank', 'water storage tank', 'fire tank', 'storage tank', 'gravity tank', 'suction tank', 'fire protection tank', 'fire water storage tank', 'sprinkler tank'],
  smoke_control: ['smoke control', 'smoke control system', 'smoke management', 'stair pressurization', 'stairwell pressurization', 'smoke exhaust', 'smoke evacuation', 'pressurization', 'atrium smoke exhaust', 'nfpa 92'],
  other: ['other'],
};

/** A written word is a known one, or its plural. */
const sameWord = (written: string, known: string) => written === known || written === `${known}s` || written === `${known}es`;
const samePhrase = (written: string[], known: string[]) => written.length === known.length && known.every((w, i) => sameWord(written[i]!, w));

const TYPE_PHRASES = INSPECTION_TYPES.flatMap((type) => [type.replace(/_/g, ' '), ...TYPE_WORDS[type]].map((phrase) => ({ type, words: phrase.split(' ') })));

/** "Extinguishers", "FIRE ALARM", "sprinkler_system", "Smoke alarms": the type; anything else is null. */
export function readItemType(value: string): InspectionType | null {
  const words = wordsOf(value);
  if (!words.length) return null;
  const found = TYPE_PHRASES.find((p) => samePhrase(words, p.words));
  if (found) return found.type;
  // Run together: "FireExtinguishers", "smokedetectors".
  const compact = words.join('');
  return TYPE_PHRASES.find((p) => compact === p.words.join('') || compact === `${p.words.join('')}s`)?.type ?? null;
}

/** Words that mean the same in an activity's name. */
const ACTIVITY_SYNONYMS: Record<string, string> = {
  yearly: 'annual', annually: 'annual', year: 'annual', month: 'monthly', quarter: 'quarterly',
  hydro: 'hydrostatic', testing: 'test', tested: 'test', exam: 'examination', inspect: 'inspection', six: '6', five: '5', twelve: '12',
};
/** Words that say nothing of which activity is meant. */
const FILLER = new Set(['the', 'a', 'an', 'of', 'and', 'or', 'check', 'service', 'minute', 'minutes', 'min', 'second', 'seconds', 'sec']);
/** Words that name no particular activity when they are all an activity adds to what was written. */
const GENERIC_ACTIVITY_WORDS = new Set(['inspection', 'test']);
const YEARS = new Set(['year', 'years', 'yr', 'yrs', 'yearly', 'y']);

const activityWordsCache = new Map<string, string[]>();

/** activityWords, remembered: a file of 10,000 rows names the same few activities again and again. */
function activityWords(value: string): string[] {
  let words = activityWordsCache.get(value);
  if (!words) {
    if (activityWordsCache.size > 10_000) activityWordsCache.clear();
    activityWordsCache.set(value, (words = readActivityWords(value)));
  }
  return words;
}

/** Folded words with "6-year" (or "6 yr", "six year") as one word, "6year", apart from "annual". */
function readActivityWords(value: string): string[] {
  const words = wordsOf(value).map((w) => ACTIVITY_SYNONYMS[w] ?? w);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const glued = /^(\d+)(?:year|years|yr|yrs|y)$/.exec(w);
    if (glued) out.push(`${glued[1]}year`);
    else if (/^\d+$/.test(w) && YEARS.has(wordsOf(value)[i + 1] ?? '')) out.push(`${w}year`), i++;
    else if (!FILLER.has(w)) out.push(w);
  }
  return out;
}

const foldedNames = new Map<string, string>();
const foldedName = (activity: string) => {
  let name = foldedNames.get(activity);
  if (name === undefined) {
    if (foldedNames.size > 10_000) foldedNames.clear();
    foldedNames.set(activity, (name = wordsOf(activity).join(' ')));
  }
  return name;
};

export interface ActivityCandidate {
  id: number;
  activity: string;
}

export type ActivityMatch<T extends ActivityCandidate> = { match: T } | { match: null; problem: string };

/**
 * The activity a person meant among a safety item's requirements: its exact name (folded),
 * else the one whose name holds every word written (a word also matches the start of a
 * longer one: "hydro" is "Hydrostatic test"). Several such, or none, is a problem to show.
 */
export function matchActivity<T extends ActivityCandidate>(written: string, candidates: readonly T[]): ActivityMatch<T> {
  const folded = wordsOf(written).join(' ');
  const exact = candidates.filter((c) => foldedName(c.activity) === folded);
  if (exact.length === 1) return { match: exact[0]! };
  const words = activityWords(written);
  const fits = candidates.filter((c) => {
    const own = activityWords(c.activity);
    return words.length > 0 && words.every((w) => own.some((o) => sameWord(w, o) || sameWord(o, w) || (w.length >= 4 && o.startsWith(w))));
  });
  if (fits.length === 1) return { match: fits[0]! };
  // "Quarterly" for a sprinkler system is its quarterly inspection, not its quarterly control
  // valve inspection: of several that fit, the one whose other words only say "inspection" or "test".
  const plain = fits.filter((c) => activityWords(c.activity).every((o) => GENERIC_ACTIVITY_WORDS.has(o) || words.some((w) => sameWord(w, o) || sameWord(o, w) || (w.length >= 4 && o.startsWith(w)))));
  if (plain.length === 1) return { match: plain[0]! };
  const names = candidates.map((c) => c.activity).join('; ');
  if (fits.length > 1) return { match: null, problem: `"${written}" could be ${fits.map((c) => c.activity).join(' or ')}: write the activity as listed` };
  return { match: null, problem: `No activity called "${written}": the activities are ${names}` };
}
