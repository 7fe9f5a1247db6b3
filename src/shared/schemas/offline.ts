import { z } from 'zod';
import { recordIdField } from './response-fields';

/** The most of a change's body kept with it: a completion with its notes and deficiencies fits many times over. */
export const UNAPPLIED_RECORDED_MAX_BYTES = 20 * 1024;

const isIsoDateTime = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

/**
 * POST /api/offline/unapplied: a change recorded on a device without signal that could not be
 * applied because what it changed was deleted meanwhile (docs/offline.md, "On the server"). It
 * is kept in the history with what was recorded.
 */
export const unappliedChangeSchema = z.object({
  changeId: z.uuid({ error: 'Send the id the device made for the change' }),
  label: z
    .string({ error: 'Say what the change was' })
    .trim()
    .min(1, 'Say what the change was')
    .max(300, 'The label must be at most 300 characters'),
  propertyId: z.number({ error: 'The property id must be a number' }).int('The property id must be a number').min(1, 'The property id must be a number').optional(),
  recordedAt: z.string({ error: 'Send when it was recorded' }).refine(isIsoDateTime, 'Send when it was recorded as an ISO date and time'),
  reason: z.literal('deleted', { error: 'The only reason is deleted' }),
  recorded: z
    .record(z.string(), z.unknown(), { error: 'Send what was recorded, as an object' })
    .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= UNAPPLIED_RECORDED_MAX_BYTES, `What was recorded must be at most ${UNAPPLIED_RECORDED_MAX_BYTES / 1024} KB`),
});
export type UnappliedChangeInput = z.input<typeof unappliedChangeSchema>;

export const unappliedChangeResponse = z.object({ id: recordIdField.describe('The kept change; the same for the same changeId') });
