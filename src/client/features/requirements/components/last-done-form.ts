import { z } from 'zod';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { isCalendarDate } from '@shared/schemas/calendar-date';
import type { AddSafetyItemInput } from '@shared/schemas/requirement';

/**
 * The "Add safety item" form: the type, and for each of its requirements when it was last done
 * (a day not after `today`, in the account's zone) or "Not known". The server checks the same.
 */
export const lastDoneFormSchema = (today: string) =>
  z.object({
    itemType: z.enum(INSPECTION_TYPES, { error: 'Choose a safety item' }),
    rows: z.array(
      z
        .object({ libraryId: z.number(), lastDoneOn: z.string().optional(), notKnown: z.boolean().optional() })
        .superRefine((row, ctx) => {
          if (row.notKnown) return;
          const day = row.lastDoneOn ?? '';
          if (!day) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Enter the day it was last done, or tick Not known' });
          else if (!isCalendarDate(day)) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Enter a valid date' });
          else if (day > today) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'The day it was last done cannot be in the future' });
        }),
    ),
  });

export type LastDoneForm = {
  itemType: InspectionType;
  rows: { libraryId: number; lastDoneOn?: string; notKnown?: boolean }[];
};

/** The call: the principal requirement's answer for all, and every requirement's own answer. */
export function toAddSafetyItemInput(values: LastDoneForm, principalId: number | undefined): AddSafetyItemInput {
  const requirements = values.rows.map((row) => ({ libraryId: row.libraryId, lastDoneOn: row.notKnown ? null : (row.lastDoneOn ?? null) }));
  const lastDoneOn = requirements.find((r) => r.libraryId === principalId)?.lastDoneOn ?? requirements[0]?.lastDoneOn ?? null;
  return { itemType: values.itemType, lastDoneOn, requirements };
}
