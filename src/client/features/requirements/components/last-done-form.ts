import { z } from 'zod';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { isCalendarDate } from '@shared/schemas/calendar-date';
import type { AddSafetyItemInput, LastDoneAnswers } from '@shared/schemas/requirement';

/** One requirement's answer: a day, or "Not known". */
export type LastDoneRow = { libraryId: number; lastDoneOn?: string; notKnown?: boolean };

/**
 * Each requirement's answer: a day not after `today` (in the account's zone), or "Not known".
 * The server checks the same.
 */
export const lastDoneRowsSchema = (today: string) =>
  z.array(
    z
      .object({ libraryId: z.number(), lastDoneOn: z.string().optional(), notKnown: z.boolean().optional() })
      .superRefine((row, ctx) => {
        if (row.notKnown) return;
        const day = row.lastDoneOn ?? '';
        if (!day) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Enter the day it was last done, or tick Not known' });
        else if (!isCalendarDate(day)) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Enter a valid date' });
        else if (day > today) ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'The day it was last done cannot be in the future' });
      }),
  );

/** The "Add safety item" form: the type, and for each of its requirements when it was last done. */
export const lastDoneFormSchema = (today: string) =>
  z.object({
    itemType: z.enum(INSPECTION_TYPES, { error: 'Choose a safety item' }),
    rows: lastDoneRowsSchema(today),
  });

export type LastDoneForm = {
  itemType: InspectionType;
  rows: LastDoneRow[];
};

const answerOf = (row: LastDoneRow) => ({ libraryId: row.libraryId, lastDoneOn: row.notKnown ? null : (row.lastDoneOn ?? null) });

/** The call: the principal requirement's answer for all, and every requirement's own answer. */
export function toAddSafetyItemInput(values: LastDoneForm, principalId: number | undefined): AddSafetyItemInput {
  const requirements = values.rows.map(answerOf);
  const lastDoneOn = requirements.find((r) => r.libraryId === principalId)?.lastDoneOn ?? requirements[0]?.lastDoneOn ?? null;
  return { itemType: values.itemType, lastDoneOn, requirements };
}

/** The first inspection of a type: each of the other requirements' own answer. */
export function toLastDoneAnswers(rows: LastDoneRow[]): LastDoneAnswers {
  return { requirements: rows.map(answerOf) };
}

/**
 * The server names a row by its place in the list sent, which is the rows' order:
 * `requirements.2.lastDoneOn` (or under a prefix such as `lastDone.`) is row 2's day.
 */
export function rowOfServerField(field: string, prefix = ''): number | undefined {
  if (!field.startsWith(prefix)) return undefined;
  const match = /^requirements\.(\d+)\.lastDoneOn$/.exec(field.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}
