import type { CodeSet } from '@shared/code-sets';
import type { CodeSetLibrary } from './entry';
import { caNfc } from './ca-nfc';
import { caOn } from './ca-on';
import { usCms } from './us-cms';
import { usNfpa } from './us-nfpa';

/** Every code set's library, as data. */
export const LIBRARY: Record<CodeSet, CodeSetLibrary> = {
  'us-nfpa': usNfpa,
  'us-cms': usCms,
  'ca-nfc': caNfc,
  'ca-on': caOn,
};
