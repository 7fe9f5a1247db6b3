import type { CodeSet } from '@shared/code-sets';
import type { CodeSetLibrary } from './entry';
import { usNfpa } from './us-nfpa';

/** Every code set's library, as data. */
export const LIBRARY: Record<CodeSet, CodeSetLibrary> = {
  'us-nfpa': usNfpa,
};
