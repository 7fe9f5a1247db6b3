import type { Action } from '@shared/permissions';

/**
 * Recording past inspections is completing inspections after the fact, so it takes the
 * permission to complete them (issue 35 §2), the one the server's history routes declare.
 */
export const RECORD_HISTORY: Action = 'inspections.complete';
