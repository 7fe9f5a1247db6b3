import { z } from 'zod';
import { CODE_SETS } from '../code-sets';
import { INSPECTION_TYPES } from '../enums';
import { countField, recordIdField } from './response-fields';

/** Which code set a property follows, and changing it (issue 37 §3). */
export const codeSetField = z.enum(CODE_SETS, { error: 'Choose a code set' });

/** POST /api/properties/{id}/code-set/preview and PUT /api/properties/{id}/code-set. */
export const codeSetChangeSchema = z.object({ codeSet: codeSetField });
export type CodeSetChangeInput = z.input<typeof codeSetChangeSchema>;

/** GET /api/requirements/library. */
export const libraryQuerySchema = z.object({ codeSet: codeSetField.default('us-nfpa') });

const requirementTerms = z.object({
  activity: z.string(),
  intervalMonths: countField.nullable(),
  intervalDays: countField.nullable(),
  source: z.string().nullable(),
});
export type RequirementTerms = z.infer<typeof requirementTerms>;

export const CODE_SET_CHANGE_KINDS = ['changed', 'added', 'leaving'] as const;

export const codeSetDifference = z.object({
  kind: z
    .enum(CODE_SET_CHANGE_KINDS)
    .describe('changed: the same activity in the new set, which gives its interval and source (history kept); added: the new set asks it and the property has no such requirement (due now, last done not known); leaving: the new set does not ask it (kept with its history, no longer applies)'),
  requirementId: recordIdField.nullable().describe('The requirement it is; null for one the change adds'),
  itemType: z.enum(INSPECTION_TYPES),
  before: requirementTerms.nullable().describe('As it is now; null for one the change adds'),
  after: requirementTerms.nullable().describe('As the new set has it; null for one that leaves'),
});
export type CodeSetDifference = z.infer<typeof codeSetDifference>;

export const codeSetChangeResponse = z.object({
  from: codeSetField,
  to: codeSetField,
  differences: z.array(codeSetDifference).describe('By safety item, then activity'),
  unchanged: countField.describe('Requirements that stay as they are (the same in both sets, or of your own)'),
});
export type CodeSetChange = z.infer<typeof codeSetChangeResponse>;
