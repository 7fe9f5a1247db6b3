import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import { addDays } from '@shared/compliance';
import { dayInTimeZone, startOfDayInTimeZone, todayInTimeZone } from '@shared/dates';
import { humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import { isCalendarDate } from '@shared/schemas/calendar-date';
import { verifyPath } from '@shared/schemas/verification';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  sharePath,
  type CreatedShareLink,
  type ShareLink,
  type ShareLinkStatus,
  type SharedProperty,
} from '@shared/schemas/share-link';
import type { Account } from '../../account';
import { canReachProperty } from '../../access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound, validationFailed } from '../../errors';
import { assertPropertyExists, getProperty } from '../properties/properties.service';
import { propertyRequirements } from '../requirements/requirements.service';
import { CODE_SET_EDITIONS, CODE_SET_LABELS } from '@shared/code-sets';
import { clientFamily } from './client-family';
import * as q from './share-links.queries';

export interface ShareLinksDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
}

const propertyNotFound = () => notFound('Property not found');
const linkNotFound = () => notFound('Share link not found');
export const UNKNOWN_LINK = 'This share link does not exist. Check that the whole address was copied, or ask whoever shared it for a new one.';

/** The token is the link's only key; the table keeps its SHA-256 alone. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A link chosen to last through `day` stops when the next day begins in the organisation's zone. */
const endOfDay = (day: string, timeZone: string) => startOfDayInTimeZone(addDays(day, 1), timeZone);

/** "December 27, 2026": the last day a link worked, in the organisation's zone. */
export function lastDayText(expiresAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(expiresAt.getTime() - 1));
}

/**
 * When a new link stops: the end of the chosen day (or of the day 30 days ahead) in the
 * organisation's zone, or the exact instant given; never past, never more than a year ahead.
 */
export function expiryFor(expiresAt: string | undefined, timeZone: string, now: Date): Date {
  const today = todayInTimeZone(timeZone, now);
  const chosen =
    expiresAt === undefined
      ? endOfDay(addDays(today, SHARE_LINK_DEFAULT_DAYS), timeZone)
      : isCalendarDate(expiresAt)
        ? endOfDay(expiresAt, timeZone)
        : new Date(expiresAt);
  if (chosen.getTime() <= now.getTime()) {
    throw validationFailed({ expiresAt: ['That day has passed. Choose today or a later day.'] });
  }
  const latest = endOfDay(addDays(today, SHARE_LINK_MAX_DAYS), timeZone);
  if (chosen.getTime() > latest.getTime()) {
    throw validationFailed({ expiresAt: [`A share link can last at most one year: choose ${lastDayText(latest, timeZone)} or earlier.`] });
  }
  return chosen;
}

/** The property as a member may reach it: another organisation's, or one not given to them, does not exist. */
async function assertReachable(deps: ShareLinksDeps, account: Account, propertyId: number): Promise<void> {
  if (!canReachProperty(account, propertyId)) throw propertyNotFound();
  await assertPropertyExists(deps, account, propertyId);
}

export function statusOf(link: { revokedAt: Date | null; expiresAt: Date }, now: Date): ShareLinkStatus {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export async function createLink(
  deps: ShareLinksDeps,
  account: Account,
  propertyId: number,
  input: { recipient: string; expiresAt?: string; includeDeficiencies: boolean },
): Promise<CreatedShareLink> {
  await assertReachable(deps, account, propertyId);
  const now = new Date();
  const expiresAt = expiryFor(input.expiresAt, account.timeZone, now);
  const token = randomBytes(16).toString('base64url');
  // In a transaction, which names the member to the history triggers (db/actor.ts).
  const row = await withTransaction(deps.pool, ({ db }) => q.insertLink(db, {
    organizationId: account.id,
    propertyId,
    recipient: input.recipient,
    tokenHash: tokenHash(token),
    includeDeficiencies: input.includeDeficiencies,
    expiresAt,
    createdByUserId: account.userId,
    createdAt: now,
  }));
  return { id: row.id, url: `${deps.config.appUrl}${sharePath(token)}`, expiresAt: row.expiresAt.toISOString() };
}

export async function listLinks(deps: ShareLinksDeps, account: Account, propertyId: number): Promise<ShareLink[]> {
  await assertReachable(deps, account, propertyId);
  const rows = await q.listLinks(deps.db, account.id, propertyId);
  const views = await q.latestViews(
    deps.db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    recipient: row.recipient,
    includeDeficiencies: row.includeDeficiencies,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    views: views.filter((view) => view.shareLinkId === row.id).map((view) => ({ viewedAt: view.viewedAt.toISOString(), client: view.client })),
  }));
}

/** Ends a link at once: its next opening says it was revoked. Another organisation's, or a property out of reach, is a 404. */
export async function revokeLink(deps: ShareLinksDeps, account: Account, id: number): Promise<void> {
  const link = await q.findLink(deps.db, account.id, id);
  if (!link || !canReachProperty(account, link.propertyId)) throw linkNotFound();
  await withTransaction(deps.pool, ({ db }) => q.revokeLink(db, account.id, id, new Date()));
}

/**
 * The reason a requirement is below the code minimum, as the page shows it: other notes stay
 * private, but an authority needs this one (issue 37). An e-mail address typed into it is left
 * out, as the page never shows one.
 */
export function shareableReason(reason: string | null): string | null {
  return reason?.replace(/[^\s@]*@[^\s@]+/g, '[e-mail address]') ?? null;
}

const gone = (message: string) => new AppError(ERROR_CODES.gone, message);
const itemLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);

/**
 * What the link's page shows, read as a member limited to this one property with no right but
 * reading would read it (the property and requirement services apply the same scoping), then
 * cut down to what the page needs: no notes, no e-mail address, no change history; only the
 * reason a requirement is below the code minimum (issue 37).
 */
export async function openShare(deps: ShareLinksDeps, token: string, visit: { userAgent: string | undefined; logged: boolean }): Promise<SharedProperty> {
  const link = await q.findByTokenHash(deps.db, tokenHash(token));
  if (!link) throw notFound(UNKNOWN_LINK);
  const now = new Date();
  if (link.revokedAt) throw gone(`This share link was revoked by ${link.organizationName}.`);
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw gone(`This share link expired on ${lastDayText(link.expiresAt, link.timeZone)}. Ask ${link.organizationName} for a new one.`);
  }

  const reader: Account = {
    id: link.organizationId,
    userId: link.createdByUserId ?? 0,
    role: 'viewer',
    propertyIds: [link.propertyId],
    inspectorId: null,
    timeZone: link.timeZone,
    plan: 'free',
    dataVersion: link.dataVersion,
  };
  const [property, requirements, deficiencies, reports] = await Promise.all([
    getProperty(deps, reader, link.propertyId),
    propertyRequirements(deps, reader, link.propertyId),
    link.includeDeficiencies ? q.openDeficiencies(deps.db, link.organizationId, link.propertyId) : null,
    q.verifiableReports(deps.db, link.organizationId, link.propertyId),
  ]);
  if (visit.logged) await q.insertView(deps.db, link.id, now, clientFamily(visit.userAgent));

  // A requirement of the property's own switched off is no departure from a code; a library one is.
  const switchedOff = requirements.filter((r) => !r.active && r.belowCodeMinimum && r.codeInterval).sort((a, b) => a.activity.localeCompare(b.activity));
  const active = requirements.filter((r) => r.active).sort((a, b) => a.nextDueDate.localeCompare(b.nextDueDate) || a.activity.localeCompare(b.activity));
  return {
    recipient: link.recipient,
    sharedBy: { organization: link.organizationName, person: link.sharerName?.trim() || null },
    sharedAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    timeZone: link.timeZone,
    today: todayInTimeZone(link.timeZone, now),
    property: {
      name: property.name,
      addressLine1: property.addressLine1,
      addressLine2: property.addressLine2,
      city: property.city,
      state: property.state,
      zip: property.zip,
      country: property.country,
      status: property.status,
      statusReason: property.statusReason,
    },
    codeSet: { codeSet: property.codeSet, label: CODE_SET_LABELS[property.codeSet], editions: [...CODE_SET_EDITIONS[property.codeSet]] },
    items: [...property.complianceItems]
      .sort((a, b) => itemLabel(a.itemType).localeCompare(itemLabel(b.itemType)))
      .map((item) => ({
        itemType: item.itemType,
        label: itemLabel(item.itemType),
        status: item.status,
        lastInspectionDate: item.lastInspectionDate,
        nextDueDate: item.nextDueDate,
        requirements: active
          .filter((r) => r.itemType === item.itemType)
          .map((r) => ({
            activity: r.activity,
            source: r.source,
            interval: intervalLabel(r),
            status: r.status,
            lastDoneOn: r.lastDoneOn,
            lastResult: r.lastResult,
            nextDueDate: r.nextDueDate,
            windowOpensOn: r.windowOpensOn,
            nominalDueDate: r.nominalDueDate,
            codeInterval: r.codeInterval ? intervalLabel(r.codeInterval) : null,
            belowCodeMinimum: r.belowCodeMinimum,
            belowCodeMinimumReason: shareableReason(r.belowCodeMinimumReason),
          })),
        switchedOff: switchedOff
          .filter((r) => r.itemType === item.itemType)
          .map((r) => ({
            activity: r.activity,
            source: r.source,
            codeInterval: intervalLabel(r.codeInterval!),
            belowCodeMinimumReason: shareableReason(r.belowCodeMinimumReason),
          })),
      })),
    deficiencies:
      deficiencies?.map((d) => ({
        itemType: d.itemType,
        description: d.description,
        severity: d.severity,
        location: d.location,
        correctiveAction: d.correctiveAction,
        dueBy: d.dueBy,
        foundOn: d.foundAt ? dayInTimeZone(d.foundAt, link.timeZone) : null,
      })) ?? null,
    reports: reports.map((r) => ({ reportNumber: r.reportNumber!, generatedAt: r.generatedAt.toISOString(), verifyPath: verifyPath(r.verifyId!) })),
  };
}
