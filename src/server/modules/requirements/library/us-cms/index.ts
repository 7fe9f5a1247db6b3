import type { CodeSetLibrary, LibraryEntry } from '../entry';
import { withSources } from '../derive';
import { nfpa25BeforeEdition2020 } from '../editions';
import { usNfpa } from '../us-nfpa';

/**
 * CMS-certified healthcare: CMS enforces NFPA 101 (2012) and NFPA 99 (2012) (in force since
 * July 5, 2016), and through them the editions the 2012 Life Safety Code references. The
 * activities are the current set's (same keys, intervals and conditions: a change of set maps
 * one to one), cited in those editions. docs/compliance-schedule.md ("Code sets") says which
 * editions and section numbers are readings rather than quotations.
 */
export const CMS_EDITIONS: Record<string, string> = {
  'NFPA 10': '2010',
  'NFPA 25': '2011',
  'NFPA 72': '2010',
  'NFPA 80': '2010',
  'NFPA 101': '2012',
  'NFPA 110': '2010',
};

/** NFPA 72 (2010) numbers its testing table 14.4.5 (2013 renumbered it 14.4.3.2). */
const SECTIONS_2010: Record<string, string> = { 'NFPA 72 Table 14.4.3.2': 'Table 14.4.5' };

function cmsSource(entry: LibraryEntry): string {
  return entry.source.replace(/NFPA (\d+[A-Z]?) \((\d{4})\)( [^,;]+)?/g, (_all, number: string, _year: string, section: string | undefined) => {
    const standard = `NFPA ${number}`;
    const edition = CMS_EDITIONS[standard];
    if (!edition) return `${standard} (as NFPA 101 (2012) references it)${section ?? ''}`;
    const renumbered = section ? SECTIONS_2010[`${standard} ${section.trim()}`] : undefined;
    return `${standard} (${edition})${renumbered ? ` ${renumbered}` : (section ?? '')}`;
  });
}

/** NFPA 25's rows as its 2011 edition asks them (library/editions.ts). */
const editionRows = usNfpa.entries.map((entry) => (/^NFPA 25 \(/.test(entry.source) ? nfpa25BeforeEdition2020(entry, Number(CMS_EDITIONS['NFPA 25'])) : entry));

const rows: LibraryEntry[] = withSources(editionRows, cmsSource).map((entry) =>
  entry.key === 'emergency_lighting.annual-90-minute-test'
    ? { ...entry, note: `${entry.note ?? 'Battery-powered emergency lighting'}; in a health care facility the essential electrical system follows NFPA 99 (2012) ch. 6` }
    : entry,
);

export const usCms: CodeSetLibrary = { codeSet: 'us-cms', entries: rows };
