import { z } from 'zod';
import { ACTOR_KINDS, HISTORY_GROUPS, HISTORY_KINDS } from '../history';
import { calendarDate } from './calendar-date';
import { recordIdField, timestampField } from './response-fields';

/**
 * The history of every change (docs/history.md): a property's (`GET /api/properties/{id}/history`)
 * and the organisation's (`GET /api/organizations/current/history`, `.../history.csv`), newest first.
 */

export const HISTORY_PAGE_SIZE = 50;

/** Newest first; the next page is asked for with `before` = the last event's id of this one. */
export const historyPageSchema = z.object({
  before: z.coerce
    .number({ error: 'Before must be an event id' })
    .int('Before must be an event id')
    .min(1, 'Before must be an event id')
    .optional()
    .describe('Only events older than this event id: the `nextBefore` of the page before'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(200, 'Limit must be at most 200')
    .default(HISTORY_PAGE_SIZE),
});

const kindFilter = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || (HISTORY_KINDS as string[]).includes(v) || (HISTORY_GROUPS as string[]).includes(v), 'Choose a kind of change from the list')
  .describe(`A kind of event (e.g. \`inspection.completed\`) or a group of them (${HISTORY_GROUPS.map((g) => `\`${g}\``).join(', ')})`);

const optionalDay = (message: string) =>
  z
    .union([z.literal(''), calendarDate(message)])
    .optional()
    .transform((v) => (v ? v : undefined));

const filterFields = {
  userId: z.coerce
    .number({ error: 'Choose a person from the list' })
    .int('Choose a person from the list')
    .min(1, 'Choose a person from the list')
    .optional()
    .describe('Changes made by this person (their user id), by hand or with their API tokens'),
  propertyId: z.coerce.number({ error: 'Choose a property from the list' }).int('Choose a property from the list').min(1, 'Choose a property from the list').optional(),
  kind: kindFilter,
  from: optionalDay('Enter the first day as a date, e.g. 2026-01-31').describe('First day (YYYY-MM-DD), in the organisation’s time zone'),
  to: optionalDay('Enter the last day as a date, e.g. 2026-12-31').describe('Last day (YYYY-MM-DD), included'),
};

const datesInOrder = { message: 'The last day must be on or after the first day', path: ['to'] };
const inOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;

/** The organisation's history, filtered (the CSV export takes these). Days are in the organisation's time zone, both included. */
export const historyFilterSchema = z.object(filterFields).refine(inOrder, datesInOrder);
export type HistoryFilter = z.output<typeof historyFilterSchema>;

/** A page of the organisation's history, filtered. */
export const organizationHistoryQuerySchema = historyPageSchema.extend(filterFields).refine(inOrder, datesInOrder);

export const historyEventResponse = z.object({
  id: recordIdField,
  occurredAt: timestampField,
  kind: z.string().describe('e.g. `inspection.completed` (docs/history.md lists them)'),
  kindLabel: z.string().describe('The kind in words: "Inspection completed"'),
  actorKind: z.enum(ACTOR_KINDS).describe('`member` (a person), `token` (an API token acting as its member) or `system`'),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable().describe('The person’s name when it happened (and the token’s)'),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable().describe('The property’s name when it happened'),
  entity: z.string().describe('The table changed: properties, inspections, deficiencies…'),
  entityId: z.number().int().nullable(),
  subject: z.string().describe('What was changed, in words: "Sprinkler System inspection due 2026-03-01"'),
  changes: z
    .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
    .describe('`{ field: [before, after] }` for the fields that changed; on a creation before is null, on a deletion after is null'),
});
export type HistoryEvent = z.infer<typeof historyEventResponse>;

export const historyPageResponse = z.object({
  events: z.array(historyEventResponse),
  nextBefore: z.number().int().nullable().describe('Pass as `before` for the next (older) page; null when there is none'),
});
export type HistoryPage = z.infer<typeof historyPageResponse>;

/** The people who appear in the organisation's history, for the person filter. */
export const historyPeopleResponse = z.array(z.object({ userId: recordIdField, name: z.string() }));
export type HistoryPerson = z.infer<typeof historyPeopleResponse>[number];
