import type { Account } from '../../account';
import { assertCan, canReachProperty } from '../../access';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { csvCell, historyActorText, historyChangesText, historyKindLabel, historySubjectText } from '@shared/history';
import type { HistoryEvent, HistoryFilter, HistoryPage, HistoryPerson } from '@shared/schemas/history';
import * as q from './history.queries';

/**
 * The history of every change (docs/history.md). The events themselves are written by the
 * database in the transaction of each change (history_capture(), decision 027); this module
 * only reads them.
 */
export interface HistoryDeps {
  db: Db;
}

/** The CSV holds at most this many events; narrower filters export the rest. */
export const CSV_MAX_EVENTS = 100_000;
const CSV_BATCH = 2_000;

const toEvent = (row: q.HistoryEventRow): HistoryEvent => ({
  id: row.id,
  occurredAt: row.occurred_at.toISOString(),
  kind: row.kind,
  kindLabel: historyKindLabel(row.kind),
  actorKind: row.actor_kind,
  actorUserId: row.actor_user_id,
  actorName: row.actor_name,
  propertyId: row.property_id,
  propertyName: row.property_name,
  entity: row.entity_table,
  entityId: row.entity_id,
  subject: historySubjectText(row.entity_table, row.subject ?? {}),
  changes: row.changes ?? {},
});

async function page(deps: HistoryDeps, account: Account, query: q.EventQuery, limit: number): Promise<HistoryPage> {
  // One more than asked for tells whether an older page exists.
  const rows = await q.listEvents(deps.db, account.id, query, limit + 1);
  const events = rows.slice(0, limit).map(toEvent);
  return { events, nextBefore: rows.length > limit ? events[events.length - 1]!.id : null };
}

/** A property's events, newest first: for those who may see its history and reach it (else 404). */
export async function propertyHistory(deps: HistoryDeps, account: Account, propertyId: number, paging: { before?: number; limit: number }): Promise<HistoryPage> {
  assertCan(account, 'history.property');
  if (!canReachProperty(account, propertyId) || !(await q.propertyExists(deps.db, account.id, propertyId))) throw notFound('Property not found');
  return page(deps, account, { propertyId, before: paging.before, timeZone: account.timeZone }, paging.limit);
}

export async function organizationHistory(deps: HistoryDeps, account: Account, input: HistoryFilter & { before?: number; limit: number }): Promise<HistoryPage> {
  assertCan(account, 'history.organization');
  return page(deps, account, { ...input, timeZone: account.timeZone }, input.limit);
}

export async function historyPeople(deps: HistoryDeps, account: Account): Promise<HistoryPerson[]> {
  assertCan(account, 'history.organization');
  return q.listActors(deps.db, account.id);
}

/** "2026-03-01 14:05" in the organisation's time zone. */
function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const ACTOR_KIND_WORDS = { member: 'Member', token: 'API token', system: 'System' } as const;

/** The organisation's history as CSV (RFC 4180, cells a spreadsheet will not run), newest first. */
export async function organizationHistoryCsv(deps: HistoryDeps, account: Account, filter: HistoryFilter): Promise<string> {
  assertCan(account, 'history.organization');
  const header = [`Date and time (${account.timeZone})`, 'Who', 'Made with', 'Property', 'Change', 'What', 'Details', 'Event id'];
  const lines = [header.map(csvCell).join(',')];
  let before: number | undefined;
  for (let taken = 0; taken < CSV_MAX_EVENTS; ) {
    const rows = await q.listEvents(deps.db, account.id, { ...filter, before, timeZone: account.timeZone }, Math.min(CSV_BATCH, CSV_MAX_EVENTS - taken));
    for (const row of rows) {
      const event = toEvent(row);
      lines.push(
        [
          localTime(row.occurred_at, account.timeZone),
          historyActorText(event),
          ACTOR_KIND_WORDS[event.actorKind],
          event.propertyName ?? '',
          event.kindLabel,
          event.subject,
          historyChangesText(event.changes),
          String(event.id),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    taken += rows.length;
    if (rows.length < CSV_BATCH) break;
    before = rows[rows.length - 1]!.id;
  }
  return `${lines.join('\r\n')}\r\n`;
}
