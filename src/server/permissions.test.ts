import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import type { Action, Role } from '@shared/permissions';
import { allows } from './access';
import type { Account } from './account';
import { createProperty, propertyValues } from './db/seed/properties';
import { createMember } from './db/seed/users';
import { membershipProperties } from './db/schema/index';
import type { DeclaredRoute } from './modules/api-docs/openapi';
import { startReceiver } from './modules/webhooks/test-receiver';
import { PEOPLE_ONLY } from './plugins/api-tokens';
import { deviceRequirementRow, deviceRow } from './testing/device-rows';
import { solidJpeg } from './testing/photos';
import { makePro } from './testing/team';
import { createTestContext, type TestContext } from './testing/test-app';

/**
 * Every /api route × every kind of caller → the status the permission table says, generated:
 * the routes are the app's own list (collectApiRoutes, as the API reference reads them), the
 * action each needs is its declared `schema.permission`, and who has it is
 * shared/permissions.ts. What this file adds by hand is only how to call a route (its path's
 * records, a valid body) and what its path names (a property's record, an organisation's
 * record, or nothing), never an expected status. Property B's records fill the paths (out of
 * reach of the members given A only); a second pass calls the same routes on A's records as
 * those members; and no answer to a caller who does not reach B may name it.
 */

// The routes as the app registers them, taken where the API reference takes them.
const declared = vi.hoisted(() => ({ routes: [] as DeclaredRoute[] }));
vi.mock('./modules/api-docs/openapi', async (importOriginal) => {
  const original = await importOriginal<typeof import('./modules/api-docs/openapi')>();
  return {
    ...original,
    collectApiRoutes: (app: Parameters<typeof original.collectApiRoutes>[0]) => {
      const routes = original.collectApiRoutes(app);
      declared.routes = routes;
      return routes;
    },
  };
});

type Caller = 'owner' | 'admin' | 'managerAll' | 'managerOne' | 'inspector' | 'viewer' | 'outsider' | 'readToken' | 'shareLink';
const CALLERS: Caller[] = ['owner', 'admin', 'managerAll', 'managerOne', 'inspector', 'viewer', 'outsider', 'readToken', 'shareLink'];

/** Who each member column is: their role, and whether they were given one property (A) only. */
const MEMBER: Record<Exclude<Caller, 'readToken' | 'shareLink'>, { role: Role; limited: boolean; outsider?: true }> = {
  owner: { role: 'owner', limited: false },
  admin: { role: 'admin', limited: false },
  managerAll: { role: 'manager', limited: false },
  managerOne: { role: 'manager', limited: true },
  inspector: { role: 'inspector', limited: true },
  viewer: { role: 'viewer', limited: false },
  // Owner of another organisation: every action, none of this organisation's records.
  outsider: { role: 'owner', limited: false, outsider: true },
};

/**
 * What a route's path (or body) names: a record of property B (out of reach of a member
 * given A only: 404), a record of the organisation that belongs to no property (out of reach
 * of another organisation only: 404), or nothing (the caller's own organisation's lists and
 * new records).
 */
type Names = 'propertyRecord' | 'organizationRecord' | 'nothing';

/**
 * The records the calls name. `b`, `inspectionB` and the rest are property B's, out of reach
 * of the members given A only; `onA` is the same fixture with A's records in those places.
 */
interface Fixture {
  orgId: number;
  thirdOrgOwner: { cookie: string };
  a: number;
  b: number;
  onA?: Fixture;
  inspectorA: number;
  inspectorB: number;
  inspectionB: number;
  deficiencyB: number;
  photoB: number;
  requirementB: number;
  reportB: { id: number; verificationId: string };
  shareLinkB: { id: number; token: string };
  deviceB: { id: number; tag: string };
  /** An open walk-through of the device's monthly inspection; and a walk with a tap, ready to finish, made for each caller allowed to finish one. */
  walkB: { id: number; requirementId: number };
  finishableWalkB(): Promise<number>;
  webhook: number;
  reminderSettings: unknown;
  invitationToken: string;
  people: Record<string, { username: string; email: string; fullName: string; password: string }>;
  shared: Record<FreshKind, number>;
  fresh: {
    property(): Promise<number>;
    inspectionB(): Promise<number>;
    deficiencyB(): Promise<number>;
    photoB(): Promise<number>;
    shareLinkB(): Promise<number>;
    inspector(): Promise<number>;
    webhook(): Promise<number>;
    token(): Promise<number>;
    member(): Promise<number>;
    invitation(): Promise<number>;
    undoToken(): Promise<string>;
    invitationFor(email: string): Promise<string>;
  };
}

/** Records made for a cell that has the same kind of record shared by refused callers. */
type FreshKind = Exclude<keyof Fixture['fresh'], 'undoToken' | 'invitationFor'>;

interface Call {
  /** Path parameters; a function of the caller for records made fresh for each cell. */
  params?: (f: Fixture, caller: Caller, allowed: boolean) => Promise<Record<string, string | number>> | Record<string, string | number>;
  query?: string;
  body?: (f: Fixture, caller: Caller) => unknown;
  /** A file body (photos), sent with its media type. */
  file?: () => Promise<{ bytes: Buffer; type: string }>;
  names: Names;
  /**
   * The action the service checks (assertCan) for this input, where the route declares none
   * because another input of it needs less (leaving an organisation needs nothing; removing
   * another member needs members.manage).
   */
  action?: Action;
  /**
   * Statuses other than 2xx that an allowed caller gets for a documented reason about the
   * input or the organisation's state, checked after the permission and the reach.
   */
  alsoOk?: { statuses: number[]; why: string };
  /** Changes the caller's session (their organisation in use, their sign-in): run last, in this order. */
  session?: number;
}

const today = todayInTimeZone('UTC');
const unique = () => randomBytes(4).toString('hex');
/**
 * A record made for the cell, for a call that changes or removes it, when the caller may do
 * it; a caller refused changes nothing, so they are given the shared one (a refusal that
 * failed would show in their cell).
 */
const fresh =
  (kind: FreshKind, key = 'id') =>
  async (f: Fixture, _caller: Caller, allowed: boolean) => ({ [key]: allowed ? await f.fresh[kind]() : f.shared[kind] });
const completion = { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault', deficiencies: [{ description: 'Panel shows a ground fault', severity: 'critical' }] };

/** How to call each route. Keyed "METHOD /url" as registered; a route missing here fails the test. */
const CALLS: Record<string, Call> = {
  // Account (the person's own; no permission, never an API token's)
  'POST /api/auth/register': { names: 'nothing', body: () => ({}) },
  'POST /api/auth/login': { names: 'nothing', body: () => ({}) },
  'POST /api/auth/logout': { names: 'nothing', session: 9 },
  'GET /api/auth/me': { names: 'nothing' },
  'PUT /api/auth/profile': {
    names: 'nothing',
    body: (f, c) => {
      const p = f.people[c] ?? f.people.owner!;
      return { fullName: p.fullName, email: p.email, username: p.username, timeZone: 'UTC' };
    },
  },
  'PUT /api/auth/password': {
    names: 'nothing',
    session: 8,
    body: (f, c) => ({ currentPassword: (f.people[c] ?? f.people.owner!).password, newPassword: 'a-new-horse-battery-9', confirmPassword: 'a-new-horse-battery-9', revokeApiTokens: false }),
  },
  'GET /api/auth/notification-settings': { names: 'nothing' },
  'PUT /api/auth/notification-settings': {
    names: 'nothing',
    body: () => ({ emailInspectionReminders: true, emailComplianceAlerts: true, emailReportGeneration: true, emailNewFeatures: false }),
  },
  'POST /api/auth/forgot-password': { names: 'nothing', body: () => ({ email: 'nobody@example.com' }) },
  'GET /api/auth/validate-reset-token/:token': { names: 'nothing', params: () => ({ token: 'no-such-token' }) },
  'POST /api/auth/reset-password': { names: 'nothing', body: () => ({}) },
  'POST /api/auth/resend-confirmation': {
    names: 'nothing',
    alsoOk: { statuses: [409], why: "every caller's address is confirmed already, so there is nothing to resend" },
  },
  'POST /api/auth/confirm-email': { names: 'nothing', body: () => ({ token: 'no-such-token' }) },

  // Organisations, members, invitations
  'GET /api/organizations': { names: 'nothing' },
  'POST /api/organizations': { names: 'nothing', session: 2, body: () => ({ name: `Side company ${unique()}` }) },
  'POST /api/organizations/:id/switch': { names: 'organizationRecord', session: 3, params: (f) => ({ id: f.orgId }) },
  'GET /api/organizations/current': { names: 'nothing' },
  'PUT /api/organizations/current': { names: 'nothing', body: () => ({ name: 'Harbor Property Group', timeZone: 'UTC' }) },
  'DELETE /api/organizations/current': {
    names: 'nothing',
    body: () => ({ name: 'Not the name of this organisation' }),
    alsoOk: { statuses: [400], why: "the name typed is not the organisation's, so an allowed caller deletes nothing (a deletion would end the fixture; organization-delete.test.ts deletes)" },
  },
  'GET /api/organizations/current/members': { names: 'nothing' },
  'PUT /api/organizations/current/members/:id': { names: 'organizationRecord', params: fresh('member'), body: () => ({ role: 'viewer', propertyIds: null }) },
  'DELETE /api/organizations/current/members/:id': { names: 'organizationRecord', action: 'members.manage', params: fresh('member') },
  'GET /api/organizations/current/invitations': { names: 'nothing' },
  'POST /api/organizations/current/invitations': { names: 'nothing', body: () => ({ email: `invitee.${unique()}@example.com`, role: 'viewer', propertyIds: null }) },
  'DELETE /api/organizations/current/invitations/:id': { names: 'organizationRecord', params: fresh('invitation') },
  'POST /api/organizations/current/invitations/:id/resend': { names: 'organizationRecord', params: fresh('invitation') },
  'GET /api/invitations/:token': { names: 'nothing', params: (f) => ({ token: f.invitationToken }) },
  // An invitation of a third organisation to the caller's own address: accepting joins it and switches to it.
  'POST /api/invitations/:token/accept': {
    names: 'nothing',
    session: 1,
    params: async (f, c) => ({ token: f.people[c] ? await f.fresh.invitationFor(f.people[c].email) : 'no-such-invitation' }),
  },
  'GET /api/organizations/current/history': { names: 'nothing' },
  'GET /api/organizations/current/history.csv': { names: 'nothing' },
  'GET /api/organizations/current/history/people': { names: 'nothing' },

  // Properties
  'GET /api/properties': { names: 'nothing' },
  'POST /api/properties': { names: 'nothing', body: () => propertyBody() },
  'GET /api/properties/:id': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'PUT /api/properties/:id': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ city: 'Springfield' }) },
  'DELETE /api/properties/:id': { names: 'propertyRecord', params: fresh('property') },
  'POST /api/properties/bulk-import': { names: 'nothing', body: () => importBody() },
  'POST /api/properties/bulk-import/check': { names: 'nothing', body: () => importBody() },
  'GET /api/properties/:id/reports': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'GET /api/properties/:id/requirements': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'POST /api/properties/:id/requirements': {
    names: 'propertyRecord',
    params: (f) => ({ id: f.b }),
    body: () => ({ itemType: 'fire_alarm', activity: `Check ${unique()}`, intervalCount: 1, intervalUnit: 'months', nextDueDate: today }),
  },
  'POST /api/properties/:id/safety-items': {
    names: 'propertyRecord',
    params: (f) => ({ id: f.b }),
    body: () => ({ itemType: 'sprinkler_system', nextDueDate: today }),
    alsoOk: { statuses: [409], why: 'the property has this safety item already: the first allowed caller added it' },
  },
  'GET /api/properties/:id/safety-items/answers': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'GET /api/properties/:id/safety-items/:itemType/answers': { names: 'propertyRecord', params: (f) => ({ id: f.b, itemType: 'fire_extinguisher' }) },
  'PUT /api/properties/:id/safety-items/:itemType/answers': {
    names: 'propertyRecord',
    params: (f) => ({ id: f.b, itemType: 'fire_extinguisher' }),
    body: () => ({ answers: { agents: ['co2'] } }),
  },
  'POST /api/properties/:id/code-set/preview': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ codeSet: 'ca-nfc' }) },
  // A property of its own for each allowed caller: the change moves its requirements to another set.
  'PUT /api/properties/:id/code-set': { names: 'propertyRecord', params: fresh('property'), body: () => ({ codeSet: 'ca-nfc' }) },
  'GET /api/properties/:id/inspections': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'GET /api/properties/:id/deficiencies': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'GET /api/properties/:id/history': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'POST /api/properties/:id/share-links': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ recipient: 'Fire marshal' }) },
  'GET /api/properties/:id/share-links': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'DELETE /api/share-links/:id': { names: 'propertyRecord', params: fresh('shareLinkB') },
  'GET /api/share/:token': { names: 'nothing', params: (f) => ({ token: f.shareLinkB.token }) },
  'GET /api/properties/:id/manager-mail': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  // A property of its own for each allowed caller: one invitation a week goes to a manager's address.
  'POST /api/properties/:id/manager-mail/invitation': { names: 'propertyRecord', params: fresh('property') },

  // Requirements
  'GET /api/requirements/library': { names: 'nothing' },
  'GET /api/requirements/unscheduled': { names: 'nothing' },
  'PUT /api/requirements/:id': { names: 'propertyRecord', params: (f) => ({ id: f.requirementB }), body: () => ({ autoSchedule: false }) },
  'GET /api/requirements/last-done': { names: 'nothing' },

  // Inspection history: one file holds rows of many properties, so a row naming a requirement
  // out of reach is not a 404 of the call but a row that matches nothing (the preview says so,
  // naming nothing of B; the import refuses the file, 422, and saves nothing).
  'POST /api/inspection-history/preview': { names: 'nothing', body: (f) => ({ rows: [{ requirementId: f.requirementB, performedOn: '2025-01-15', result: 'pass' }] }) },
  'POST /api/inspection-history/import': {
    names: 'nothing',
    body: (f) => ({ rows: [{ requirementId: f.requirementB, performedOn: '2025-01-15', result: 'pass' }] }),
    alsoOk: { statuses: [422], why: "a member given A only, or another organisation, names a requirement of B they do not reach: the row matches nothing and nothing is saved" },
  },

  // Inspections
  'GET /api/inspections': { names: 'nothing' },
  'GET /api/inspections/upcoming': { names: 'nothing' },
  'GET /api/inspections/activity-review': { names: 'nothing' },
  'POST /api/inspections': {
    names: 'propertyRecord',
    body: (f) => ({ propertyId: f.b, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Ada Byrne' }),
  },
  'GET /api/inspections/:id': { names: 'propertyRecord', params: (f) => ({ id: f.inspectionB }) },
  'PUT /api/inspections/:id': { names: 'propertyRecord', params: fresh('inspectionB'), body: () => completion },
  'DELETE /api/inspections/:id': { names: 'propertyRecord', params: fresh('inspectionB') },
  'GET /api/inspections/:id/reminder-logs': { names: 'propertyRecord', params: (f) => ({ id: f.inspectionB }) },
  'GET /api/inspections/:id/deficiencies': { names: 'propertyRecord', params: (f) => ({ id: f.inspectionB }) },
  'POST /api/inspections/:id/deficiencies': { names: 'propertyRecord', params: (f) => ({ id: f.inspectionB }), body: () => ({ description: 'Horn on level 2 silent', severity: 'impairment' }) },

  // Deficiencies
  'GET /api/deficiencies': { names: 'nothing' },
  'GET /api/deficiencies/open-summary': { names: 'nothing' },
  'GET /api/deficiencies/:id': { names: 'propertyRecord', params: (f) => ({ id: f.deficiencyB }) },
  'PUT /api/deficiencies/:id': { names: 'propertyRecord', params: (f) => ({ id: f.deficiencyB }), body: () => ({ description: 'Panel shows a ground fault', severity: 'critical' }) },
  'POST /api/deficiencies/:id/correct': { names: 'propertyRecord', params: fresh('deficiencyB'), body: () => ({ correctedOn: today, correctedBy: 'Sam Fixer' }) },
  'POST /api/deficiencies/:id/photos': { names: 'propertyRecord', params: (f) => ({ id: f.deficiencyB }), file: async () => ({ bytes: await solidJpeg(40, 30), type: 'image/jpeg' }) },
  'GET /api/deficiencies/:id/photos/:photoId': { names: 'propertyRecord', params: (f) => ({ id: f.deficiencyB, photoId: f.photoB }) },
  'DELETE /api/deficiencies/:id/photos/:photoId': { names: 'propertyRecord', params: async (f, c, allowed) => ({ id: f.deficiencyB, ...(await fresh('photoB', 'photoId')(f, c, allowed)) }) },

  // Reports
  'GET /api/reports': { names: 'nothing' },
  'POST /api/reports': { names: 'propertyRecord', body: (f) => ({ propertyId: f.b }) },
  'DELETE /api/reports/:id/verification': { names: 'propertyRecord', params: (f) => ({ id: f.reportB.id }) },
  'GET /api/reports/:id/download': { names: 'propertyRecord', params: (f) => ({ id: f.reportB.id }) },
  'GET /api/verify/:id': { names: 'nothing', params: (f) => ({ id: f.reportB.verificationId }) },

  // Device labels and tag pages
  'POST /api/properties/:id/labels': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: (f) => ({ deviceIds: [f.deviceB.id], format: 'avery-5160' }) },
  'GET /api/tags/:tag': { names: 'nothing', params: (f) => ({ tag: f.deviceB.tag }) },
  'GET /api/organizations/current/tag-pages': { names: 'nothing' },
  'PUT /api/organizations/current/tag-pages': { names: 'nothing', body: () => ({ enabled: true }) },

  // Walk-throughs
  'POST /api/properties/:id/walkthroughs': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: (f) => ({ requirementId: f.walkB.requirementId }) },
  'GET /api/properties/:id/walkthroughs': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'GET /api/walkthroughs/:id': { names: 'propertyRecord', params: (f) => ({ id: f.walkB.id }) },
  'PUT /api/walkthroughs/:id/results/:deviceId': { names: 'propertyRecord', params: (f) => ({ id: f.walkB.id, deviceId: f.deviceB.id }), body: () => ({ clientId: randomUUID(), result: 'pass' }) },
  'DELETE /api/walkthroughs/:id/results/:deviceId': { names: 'propertyRecord', params: (f) => ({ id: f.walkB.id, deviceId: f.deviceB.id }) },
  'POST /api/walkthroughs/:id/finish': {
    names: 'propertyRecord',
    params: async (f, _caller, allowed) => ({ id: allowed ? await f.finishableWalkB() : f.walkB.id }),
    body: () => ({ attestation: { accepted: true, role: 'recorder', typedName: 'Owen Owner' } }),
  },

  // Offline
  'POST /api/offline/unapplied': {
    names: 'propertyRecord',
    body: (f) => ({ changeId: randomUUID(), label: 'Pass: EXT-0042', propertyId: f.b, recordedAt: '2026-11-20T14:05:09.123Z', reason: 'deleted', recorded: { result: 'pass' } }),
  },

  // Devices
  'GET /api/properties/:id/devices': { names: 'propertyRecord', params: (f) => ({ id: f.b }) },
  'POST /api/properties/:id/devices': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ itemType: 'fire_extinguisher' }) },
  'POST /api/properties/:id/devices/bulk': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ count: 2, itemType: 'fire_extinguisher' }) },
  'POST /api/properties/:id/devices/import/preview': {
    names: 'propertyRecord',
    params: (f) => ({ id: f.b }),
    body: () => ({ rows: [{ itemType: 'Extinguisher', building: 'Main', floor: '1' }] }),
  },
  'POST /api/properties/:id/devices/import': { names: 'propertyRecord', params: (f) => ({ id: f.b }), body: () => ({ rows: [{ itemType: 'Extinguisher', building: 'Main', floor: '2' }] }) },
  'GET /api/devices/by-tag/:tag': { names: 'propertyRecord', params: (f) => ({ tag: f.deviceB.tag }) },
  'GET /api/devices/:id': { names: 'propertyRecord', params: (f) => ({ id: f.deviceB.id }) },
  'PUT /api/devices/:id': { names: 'propertyRecord', params: (f) => ({ id: f.deviceB.id }), body: () => ({ notes: 'Checked' }) },
  'DELETE /api/devices/:id': {
    names: 'propertyRecord',
    // A device of its own for each allowed caller, deleted; refused callers are given the shared one.
    params: async (f, _caller, allowed) => ({
      id: allowed ? (await deviceRow(ctx.runtime.db, { organizationId: f.orgId, propertyId: f.b, tag: `DEL-${unique().toUpperCase()}` })).id : f.deviceB.id,
    }),
  },
  'GET /api/devices/:id/requirements': { names: 'propertyRecord', params: (f) => ({ id: f.deviceB.id }) },
  'GET /api/devices/:id/history': { names: 'propertyRecord', params: (f) => ({ id: f.deviceB.id }) },

  // Inspectors
  'GET /api/inspectors': { names: 'nothing' },
  'POST /api/inspectors': { names: 'nothing', body: () => ({ name: `Inspector ${unique()}` }) },
  'GET /api/inspectors/:id': { names: 'organizationRecord', params: (f) => ({ id: f.inspectorB }) },
  'PUT /api/inspectors/:id': { names: 'organizationRecord', params: (f) => ({ id: f.inspectorB }), body: () => ({ name: 'Ben Byrne' }) },
  'DELETE /api/inspectors/:id': { names: 'organizationRecord', params: fresh('inspector') },

  // Dashboard, undo, support
  'GET /api/dashboard/stats': { names: 'nothing' },
  // The monthly summary PDF: any member, of what they reach, for a month that has ended.
  'GET /api/insight/summary.pdf': { names: 'nothing', query: 'month=2025-01' },
  // Insight figures: any member, counted over what the caller reaches; a chosen id out of reach counts nothing.
  'GET /api/insight/compliance-trend': { names: 'nothing' },
  'GET /api/insight/on-time': { names: 'nothing' },
  'GET /api/insight/deficiency-age': { names: 'nothing' },
  'GET /api/insight/workload': { names: 'nothing' },
  'GET /api/insight/attention': { names: 'nothing' },
  // The token its answer gave the owner for deleting a property (a fresh one, not given to a limited member).
  // Undo tokens last seconds: every cell gets one of its own, refused or not.
  'POST /api/undo/:token': { names: 'propertyRecord', action: 'properties.delete', params: async (f) => ({ token: await f.fresh.undoToken() }) },
  'POST /api/support/submit': {
    names: 'nothing',
    body: (f, c) => ({ subject: 'Question', message: 'How do I export?', userEmail: (f.people[c] ?? f.people.owner!).email }),
    alsoOk: { statuses: [429], why: "the limit of 5 requests in 10 minutes is the organisation's (perAccount), shared by its six members here" },
  },
  'GET /api/support/requests': { names: 'nothing' },
  'GET /api/support/contact': { names: 'nothing' },
  'POST /api/support/test-email': {
    names: 'nothing',
    alsoOk: { statuses: [429], why: "the limit of 3 test mails in 10 minutes is the organisation's (perAccount), shared by its six members here" },
  },

  // Settings: reminders, calendar feed, mail consent
  'GET /api/reminder-settings': { names: 'nothing' },
  'PUT /api/reminder-settings': { names: 'nothing', body: (f) => f.reminderSettings },
  'GET /api/calendar-feed': { names: 'nothing' },
  'POST /api/calendar-feed/regenerate': { names: 'nothing' },
  'GET /api/calendar/:file': { names: 'nothing', params: async () => ({ file: await feedFile() }) },
  'GET /api/mail/consent': { names: 'nothing', query: 'token=no-such-token' },
  'POST /api/mail/confirm': { names: 'nothing', body: () => ({ token: 'no-such-token' }) },
  'POST /api/mail/unsubscribe': { names: 'nothing', query: 'token=no-such-token', body: () => ({}) },
  'GET /api/mail/unsubscribe': { names: 'nothing', query: 'token=no-such-token' },

  // API tokens, webhooks
  'GET /api/tokens': { names: 'nothing' },
  'POST /api/tokens': { names: 'nothing', body: () => ({ name: 'Sync', access: 'read' }) },
  'DELETE /api/tokens/:id': { names: 'organizationRecord', params: fresh('token') },
  'GET /api/webhooks': { names: 'nothing' },
  'POST /api/webhooks': { names: 'nothing', body: (f) => webhookBody(f) },
  'PUT /api/webhooks/:id': { names: 'organizationRecord', params: (f) => ({ id: f.webhook }), body: (f) => webhookBody(f) },
  'DELETE /api/webhooks/:id': { names: 'organizationRecord', params: fresh('webhook') },
  'POST /api/webhooks/:id/test': { names: 'organizationRecord', params: (f) => ({ id: f.webhook }) },
  'GET /api/webhooks/:id/deliveries': { names: 'organizationRecord', params: (f) => ({ id: f.webhook }) },
  'POST /api/webhooks/:id/secret': { names: 'organizationRecord', params: (f) => ({ id: f.webhook }) },

  // Plan and billing (the built-in test mode: BILLING unset and no Stripe key)
  'GET /api/subscription/status': { names: 'nothing' },
  'POST /api/subscription/trial': {
    names: 'nothing',
    body: () => ({}),
    alsoOk: { statuses: [409], why: 'both organisations are on Pro already, so a trial cannot start' },
  },
  'GET /api/billing/config': { names: 'nothing' },
  'GET /api/stripe/subscription-details': { names: 'nothing' },
  'GET /api/stripe/billing-details': { names: 'nothing' },
  'GET /api/stripe/payment-methods': { names: 'nothing' },
  'GET /api/stripe/invoices': { names: 'nothing' },
  'POST /api/create-subscription': {
    names: 'nothing',
    body: () => ({}),
    alsoOk: { statuses: [409], why: 'both organisations are on Pro already, so there is no subscription to start' },
  },
  'POST /api/stripe/create-setup-intent': { names: 'nothing' },
  'POST /api/stripe/set-default-payment-method': {
    names: 'organizationRecord',
    body: () => ({ paymentMethodId: 'pm_unknown' }),
    alsoOk: { statuses: [404], why: 'the organisation has no saved card of that id' },
  },
  'DELETE /api/stripe/payment-methods/:id': {
    names: 'organizationRecord',
    params: () => ({ id: 'pm_unknown' }),
    alsoOk: { statuses: [404], why: 'the organisation has no saved card of that id' },
  },
  'POST /api/stripe/cancel-subscription': {
    names: 'nothing',
    body: () => ({}),
    alsoOk: { statuses: [404, 409], why: 'Pro was granted, not bought: there is no subscription to cancel' },
  },
  'POST /api/billing/test/confirm-payment': {
    names: 'nothing',
    body: () => ({ clientSecret: 'unknown', card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }),
    alsoOk: { statuses: [404, 409], why: 'there is no payment started, so its client secret names nothing' },
  },
  'POST /api/billing/test/confirm-setup': {
    names: 'nothing',
    body: () => ({ clientSecret: 'unknown', card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }),
    alsoOk: { statuses: [404, 409], why: 'there is no card setup started, so its client secret names nothing' },
  },
  'GET /api/billing/invoices/:id/pdf': {
    names: 'organizationRecord',
    params: () => ({ id: 'in_unknown' }),
    alsoOk: { statuses: [404], why: 'the organisation has no invoice (Pro was granted, not bought)' },
  },

  // The reference itself
  'GET /api/openapi.json': { names: 'nothing' },
  'GET /api/docs': { names: 'nothing' },
};

/**
 * Routes this test cannot call as a user would, with why. Every other route is in the
 * matrix; a new route must be added to CALLS or here.
 */
const NOT_CALLED: Record<string, string> = {};

function propertyBody() {
  const v = propertyValues();
  return { name: v.name, propertyType: v.propertyType, addressLine1: v.addressLine1, city: v.city, state: v.state, zip: v.zip, country: v.country, managerEmail: v.managerEmail };
}

function importBody() {
  return { filename: 'import.csv', properties: [propertyBody()] };
}

/** The feed's file as the link reads now (renewing the link changes it). */
async function feedFile(): Promise<string> {
  const feed = await json<{ url: string }>(await owner.get('/api/calendar-feed'), 'calendar feed');
  return /\/api\/calendar\/([^/?]+)$/.exec(feed.url)![1]!;
}

/** Property B's name: no answer to a caller who does not reach B may hold it. */
const B_NAME = 'Bay Tower (B)';
/** The notes of an inspection of A assigned to another inspector: no answer to the inspector member may hold them. */
const NOT_THE_INSPECTORS = 'Assigned to another inspector';

let receiverUrl = '';
const webhookBody = (_f: Fixture) => ({ url: receiverUrl, events: ['inspection.completed'] });

type Expected = { kind: 'status'; status: 401 | 403 | 404 } | { kind: 'allowed' } | { kind: 'public' };

const isPeopleOnly = (url: string) => PEOPLE_ONLY.some((prefix) => url.startsWith(prefix));

/** What the permission table, the token rules and the route's declaration say this caller gets. */
function expectedOf(route: DeclaredRoute, call: Call, caller: Caller, on: 'A' | 'B' = 'B'): Expected {
  const schema = route.schema ?? {};
  if (caller === 'shareLink') return schema.public ? { kind: 'public' } : { kind: 'status', status: 401 };
  if (caller === 'readToken') {
    if (isPeopleOnly(route.url)) return { kind: 'status', status: 403 };
    if (route.method !== 'GET') return { kind: 'status', status: 403 };
    return expectedOf(route, call, 'owner', on);
  }
  if (schema.public) return { kind: 'public' };
  const member = MEMBER[caller];
  const account = { role: member.role, propertyIds: member.limited ? [0] : null } as unknown as Account;
  const action = call.action ?? schema.permission;
  if (action && !allows(account, action)) return { kind: 'status', status: 403 };
  const names = call.names;
  if (names === 'propertyRecord' && ((member.limited && on === 'B') || member.outsider)) return { kind: 'status', status: 404 };
  if (names === 'organizationRecord' && member.outsider) return { kind: 'status', status: 404 };
  return { kind: 'allowed' };
}

function meets(expected: Expected, status: number, call: Call): boolean {
  if (expected.kind === 'status') return status === expected.status;
  if (expected.kind === 'public') return status !== 401 && status !== 403 && status < 500;
  return (status >= 200 && status < 300) || (call.alsoOk?.statuses.includes(status) ?? false);
}

const show = (expected: Expected) => (expected.kind === 'status' ? String(expected.status) : expected.kind === 'allowed' ? '2xx' : 'pub');

let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let f: Fixture;
/** The request headers of each caller. */
const headers = {} as Record<Caller, Record<string, string>>;

async function json<T = any>(response: { statusCode: number; body: string; json(): unknown }, what: string): Promise<T> {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A request as the caller, without a cookie jar: a route that sets a cookie changes nobody's session here. */
function send(caller: Caller | 'ownerSetup', method: string, url: string, body?: unknown, file?: { bytes: Buffer; type: string }, isPublic = false) {
  const base: Record<string, string> = { origin: ctx.config.appOrigin };
  const own = caller === 'ownerSetup' ? headers.owner : caller === 'shareLink' && isPublic ? {} : headers[caller];
  if (file) {
    return ctx.app.inject({ method: method as 'POST', url, headers: { ...base, ...own, 'content-type': file.type }, payload: file.bytes });
  }
  const payload = body === undefined ? (method === 'GET' || method === 'DELETE' ? undefined : {}) : body;
  return ctx.app.inject({ method: method as 'POST', url, headers: { ...base, ...own }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const owner = {
  get: (url: string) => send('ownerSetup', 'GET', url),
  post: (url: string, body?: unknown) => send('ownerSetup', 'POST', url, body),
  put: (url: string, body?: unknown) => send('ownerSetup', 'PUT', url, body),
  delete: (url: string) => send('ownerSetup', 'DELETE', url),
};

async function signIn(username: string, password: string, organizationId: number): Promise<string> {
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ctx.config.appOrigin }, payload: { username, password } });
  const session = login.cookies.find((c) => c.name === 'firemark_session');
  if (login.statusCode !== 200 || !session) throw new Error(`sign-in failed: ${login.body}`);
  const cookie = `firemark_session=${session.value}`;
  const switched = await ctx.app.inject({ method: 'POST', url: `/api/organizations/${organizationId}/switch`, headers: { origin: ctx.config.appOrigin, cookie }, payload: {} });
  if (switched.statusCode !== 200) throw new Error(`switch failed: ${switched.body}`);
  return cookie;
}

async function person(organizationId: number, role: Role, options: { propertyIds?: number[]; inspectorId?: number; fullName: string }) {
  const made = await createMember(ctx.runtime.db, { organizationId, role, propertyIds: options.propertyIds, inspectorId: options.inspectorId, fullName: options.fullName });
  const cookie = await signIn(made.user.username, made.password, organizationId);
  return { cookie, membershipId: made.membershipId, person: { username: made.user.username, email: made.user.email, fullName: made.user.fullName ?? '', password: made.password } };
}

async function buildFixture(): Promise<Fixture> {
  const db = ctx.runtime.db;
  const ownerSigned = await ctx.signedIn({ fullName: 'Olive Owner' });
  const orgId = ownerSigned.user.id;
  await makePro(ctx, orgId);
  headers.owner = { cookie: ownerSigned.agent.cookie! };
  const people: Fixture['people'] = {
    owner: { username: ownerSigned.user.username, email: ownerSigned.user.email, fullName: ownerSigned.user.fullName ?? '', password: ownerSigned.password },
  };

  const a = (await createProperty(db, orgId, { name: 'Harbor View (A)' })).id;
  const b = (await createProperty(db, orgId, { name: B_NAME })).id;
  const inspectorA = (await json(await owner.post('/api/inspectors', { name: 'Ada Byrne' }), 'inspector A')).id;
  const inspectorB = (await json(await owner.post('/api/inspectors', { name: 'Ben Byrne' }), 'inspector B')).id;
  const onB = await recordsOn(orgId, b, { id: inspectorB, name: 'Ben Byrne' }, []);
  await onB.schedule(a, inspectorA, 'Ada Byrne');
  // An inspection of A that is not the inspector member's: they see A, but not this.
  await json(await owner.post('/api/inspections', { propertyId: a, inspectionType: 'sprinkler_system', dueDate: today, assignedTo: 'Ben Byrne', inspectorId: inspectorB, notes: NOT_THE_INSPECTORS }), 'inspection');
  const freshWebhook = async () => (await json(await owner.post('/api/webhooks', webhookBody({} as Fixture)), 'webhook')).id as number;
  const webhook = await freshWebhook();
  const reminderSettings = await json(await owner.get('/api/reminder-settings'), 'reminder settings');
  const freshInvitation = async (email = `invitee.${unique()}@example.com`, by = headers.owner) => {
    const made = await ctx.app.inject({ method: 'POST', url: '/api/organizations/current/invitations', headers: { origin: ctx.config.appOrigin, ...by }, payload: { email, role: 'viewer', propertyIds: null } });
    return json(made, 'invitation');
  };
  const invitation = await freshInvitation();
  const membershipIds: Partial<Record<Caller, number>> = {};

  // The members, each signed in with the organisation in use.
  const members: [Caller, Role, { propertyIds?: number[]; inspectorId?: number }][] = [
    ['admin', 'admin', {}],
    ['managerAll', 'manager', {}],
    ['managerOne', 'manager', { propertyIds: [a] }],
    ['inspector', 'inspector', { propertyIds: [a], inspectorId: inspectorA }],
    ['viewer', 'viewer', {}],
  ];
  for (const [caller, role, options] of members) {
    const made = await person(orgId, role, { ...options, fullName: `${caller} member` });
    headers[caller] = { cookie: made.cookie };
    people[caller] = made.person;
    membershipIds[caller] = made.membershipId;
  }
  const outsider = await ctx.signedIn({ fullName: 'Otto Outsider' });
  await makePro(ctx, outsider.user.id);
  headers.outsider = { cookie: outsider.agent.cookie! };
  people.outsider = { username: outsider.user.username, email: outsider.user.email, fullName: outsider.user.fullName ?? '', password: outsider.password };
  const token = await json(await owner.post('/api/tokens', { name: 'Read only', access: 'read' }), 'token');
  headers.readToken = { authorization: `Bearer ${token.token}` };
  // A share link's holder has no account: the token of the link is all they can send.
  headers.shareLink = { authorization: `Bearer ${shareTokenOf(onB.shareLink)}` };

  // A third organisation on Pro, whose invitations the callers accept.
  const third = await ctx.signedIn({ fullName: 'Thea Third' });
  await makePro(ctx, third.user.id);
  const thirdOrgOwner = { cookie: third.agent.cookie! };

  const fixture: Fixture = {
    orgId,
    thirdOrgOwner,
    a,
    inspectorA,
    inspectorB,
    ...onB.records,
    webhook,
    reminderSettings,
    invitationToken: await invitationTokenOf(invitation.email),
    people,
    shared: {
      ...onB.shared,
      inspector: inspectorB,
      webhook,
      token: token.id,
      member: (await createMember(db, { organizationId: orgId, role: 'viewer', fullName: 'Kept member' })).membershipId,
      invitation: invitation.id,
    },
    fresh: {
      ...onB.fresh,
      inspector: async () => (await json(await owner.post('/api/inspectors', { name: `Throwaway ${unique()}` }), 'inspector')).id,
      webhook: freshWebhook,
      token: async () => (await json(await owner.post('/api/tokens', { name: `Throwaway ${unique()}`, access: 'read' }), 'token')).id,
      member: async () => (await createMember(db, { organizationId: orgId, role: 'viewer', fullName: 'Throwaway member' })).membershipId,
      invitation: async () => (await freshInvitation()).id,
      invitationFor: async (email) => {
        await freshInvitation(email, thirdOrgOwner);
        return invitationTokenOf(email);
      },
    },
  };
  // The same calls on property A, whose records the members given A reach (A's inspections
  // are assigned to the inspector member); new properties are given to them too.
  const onA = await recordsOn(orgId, a, { id: inspectorA, name: 'Ada Byrne' }, [membershipIds.managerOne!, membershipIds.inspector!]);
  fixture.onA = { ...fixture, ...onA.records, shared: { ...fixture.shared, ...onA.shared }, fresh: { ...fixture.fresh, ...onA.fresh } };
  return fixture;
}

/**
 * A property's records (an inspection, a deficiency with a photo, a requirement, a report, a
 * share link) and how to make more of them, for the calls that change or remove them. A
 * new property is given to `giveTo` (memberships), as the property itself is.
 */
async function recordsOn(orgId: number, property: number, inspector: { id: number; name: string }, giveTo: number[]) {
  const db = ctx.runtime.db;
  const schedule = async (propertyId: number, inspectorId: number, assignedTo: string) =>
    (await json(await owner.post('/api/inspections', { propertyId, inspectionType: 'fire_alarm', dueDate: today, assignedTo, inspectorId }), 'inspection')).id as number;
  const newProperty = async (name: string) => {
    const id = (await createProperty(db, orgId, { name })).id;
    if (giveTo.length) await db.insert(membershipProperties).values(giveTo.map((membershipId) => ({ membershipId, propertyId: id })));
    return id;
  };
  const inspection = await schedule(property, inspector.id, inspector.name);
  const freshDeficiency = async () => {
    const done = await schedule(property, inspector.id, inspector.name);
    await json(await owner.put(`/api/inspections/${done}`, completion), 'completion');
    const [deficiency] = await json(await owner.get(`/api/inspections/${done}/deficiencies`), 'deficiencies');
    return deficiency.id as number;
  };
  const deficiency = await freshDeficiency();
  const freshPhoto = async () => {
    const bytes = await solidJpeg(40, 30);
    const added = await ctx.app.inject({ method: 'POST', url: `/api/deficiencies/${deficiency}/photos`, headers: { origin: ctx.config.appOrigin, ...headers.owner, 'content-type': 'image/jpeg' }, payload: bytes });
    return (await json(added, 'photo')).id as number;
  };
  const photo = await freshPhoto();
  const [requirement] = await json(await owner.post(`/api/properties/${property}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: today }), 'safety item');
  const report = await json(await owner.post('/api/reports', { propertyId: property }), 'report');
  const freshShareLink = async () => json(await owner.post(`/api/properties/${property}/share-links`, { recipient: 'Insurer' }), 'share link');
  const shareLink = await freshShareLink();
  const device = await deviceRow(db, { organizationId: orgId, propertyId: property, tag: `PERM-${unique().toUpperCase()}` });
  // Walk-throughs of the device (a bare row: its clocks for two activities are made here): the
  // monthly one stays open; the annual one is walked, tapped and left to finish, again and again.
  const requirements = (await json(await owner.get(`/api/properties/${property}/requirements`), 'requirements')) as { id: number; activity: string }[];
  const [monthly, annual] = ['Monthly visual inspection', 'Annual maintenance'].map((activity) => requirements.find((r) => r.activity === activity)!.id);
  for (const requirementId of [monthly!, annual!]) await deviceRequirementRow(db, device, { requirementId });
  const walk = await json(await owner.post(`/api/properties/${property}/walkthroughs`, { requirementId: monthly }), 'walk-through');
  const finishableWalk = async () => {
    const started = await json(await owner.post(`/api/properties/${property}/walkthroughs`, { requirementId: annual }), 'walk-through');
    await json(await owner.put(`/api/walkthroughs/${started.id}/results/${device.id}`, { clientId: randomUUID(), result: 'pass' }), 'tap');
    return started.id as number;
  };
  return {
    schedule,
    shareLink,
    records: {
      b: property,
      inspectionB: inspection,
      deficiencyB: deficiency,
      photoB: photo,
      requirementB: requirement.id as number,
      reportB: { id: report.id as number, verificationId: /\/verify\/([\w-]+)/.exec(report.verifyPath)![1]! },
      shareLinkB: { id: shareLink.id as number, token: shareTokenOf(shareLink) },
      deviceB: { id: device.id, tag: device.tag },
      walkB: { id: walk.id as number, requirementId: monthly! },
      finishableWalkB: finishableWalk,
    },
    shared: { property, inspectionB: inspection, deficiencyB: deficiency, photoB: photo, shareLinkB: shareLink.id as number },
    fresh: {
      property: () => newProperty(`Throwaway ${unique()}`),
      inspectionB: () => schedule(property, inspector.id, inspector.name),
      deficiencyB: freshDeficiency,
      photoB: freshPhoto,
      shareLinkB: async () => (await freshShareLink()).id as number,
      undoToken: async () => {
        const id = await newProperty(`Undo me ${unique()}`);
        const deleted = await owner.delete(`/api/properties/${id}`);
        const token = deleted.headers['x-undo-token'];
        if (deleted.statusCode !== 200 || typeof token !== 'string') throw new Error(`delete for undo: ${deleted.statusCode} ${deleted.body}`);
        return token;
      },
    },
  };
}

const shareTokenOf = (created: { url: string }) => /\/share\/([\w-]+)$/.exec(created.url)![1]!;

/** The link of the latest invitation mailed to an address. */
async function invitationTokenOf(email: string): Promise<string> {
  const mails = await ctx.runtime.pool.query<{ text_body: string }>(
    `select text_body from email_outbox where kind = 'member_invitation' and lower(to_address) = lower($1) order by id desc limit 1`,
    [email],
  );
  const token = /\/invitations\/([\w-]+)/.exec(mails.rows[0]?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/**
 * Calls every route as every caller, route by route (the callers of one route at once), and
 * fails with the whole table, each wrong cell marked status≠expected.
 */
async function checkMatrix(routes: DeclaredRoute[], callers: Caller[], fixture: Fixture, on: 'A' | 'B') {
  const cells: Cell[] = [];
  for (const route of routes) {
    const call = CALLS[keyOf(route)]!;
    // Records made for each cell are made one after another, as the owner; then every caller calls at once.
    const urls: string[] = [];
    for (const caller of callers) urls.push(urlOf(route, (await call.params?.(fixture, caller, expectedOf(route, call, caller, on).kind === 'allowed')) ?? {}, call.query));
    const results = await Promise.all(
      callers.map(async (caller, i): Promise<Cell> => {
        const expected = expectedOf(route, call, caller, on);
        const url = urls[i]!;
        const file = call.file ? await call.file() : undefined;
        const response = await send(caller, route.method, url, call.body?.(fixture, caller), file, route.schema?.public === true);
        return { route, caller, expected, status: response.statusCode, body: response.body };
      }),
    );
    cells.push(...results);
  }

  const wrong = cells.filter((cell) => !meets(cell.expected, cell.status, CALLS[keyOf(cell.route)]!));
  if (wrong.length) {
    const width = Math.max(...routes.map((r) => keyOf(r).length));
    const header = `${'route'.padEnd(width)}  ${callers.map((c) => c.padEnd(10)).join(' ')}`;
    const lines = routes.map((route) => {
      const row = callers.map((caller) => {
        const cell = cells.find((c) => c.route === route && c.caller === caller)!;
        const ok = meets(cell.expected, cell.status, CALLS[keyOf(route)]!);
        return `${cell.status}${ok ? '' : `≠${show(cell.expected)}`}`.padEnd(10);
      });
      return `${keyOf(route).padEnd(width)}  ${row.join(' ')}`;
    });
    const details = wrong.map((cell) => `${keyOf(cell.route)} as ${cell.caller}: ${cell.status}, expected ${show(cell.expected)}: ${cell.body.slice(0, 200)}`);
    expect.fail(`${wrong.length} cells differ from the permission table, records of property ${on} (status≠expected):\n${header}\n${lines.join('\n')}\n\n${details.join('\n')}`);
  }
  // What a member given A only, or another organisation, is answered holds nothing of B
  // (lists, counts and files included). Public routes are for anyone: a share link and a
  // report's verification page show B by design.
  const leak = (marker: string, who: Caller[]) =>
    cells
      .filter((cell) => who.includes(cell.caller) && !cell.route.schema?.public && cell.status < 300 && cell.body.includes(marker))
      .map((cell) => `${keyOf(cell.route)} as ${cell.caller}`);
  expect(leak(B_NAME, ['managerOne', 'inspector', 'outsider']), `answers naming ${B_NAME} to callers who do not reach it`).toEqual([]);
  expect(leak(NOT_THE_INSPECTORS, ['inspector', 'outsider']), "answers holding another inspector's inspection of A").toEqual([]);
  if (on === 'B') {
    // The same answers to a viewer of every property do name B: the check above can see a leak.
    const seen = cells.filter((cell) => cell.caller === 'viewer' && !cell.route.schema?.public && cell.body.includes(B_NAME)).map((cell) => keyOf(cell.route));
    expect(seen).toEqual(expect.arrayContaining(['GET /api/properties', 'GET /api/inspections', 'GET /api/reports']));
    const seenByManager = cells.filter((cell) => cell.caller === 'managerOne' && cell.body.includes(NOT_THE_INSPECTORS)).map((cell) => keyOf(cell.route));
    expect(seenByManager).toContain('GET /api/inspections');
  }
}

const keyOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;

function urlOf(route: DeclaredRoute, params: Record<string, string | number>, query?: string): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`${keyOf(route)}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  return query ? `${path}?${query}` : path;
}

interface Cell {
  route: DeclaredRoute;
  caller: Caller;
  expected: Expected;
  status: number;
  body: string;
}

beforeAll(async () => {
  receiver = await startReceiver();
  receiverUrl = receiver.url;
  ctx = await createTestContext({}, { webhookNetwork: { allowPrivateAddresses: true } });
  f = await buildFixture();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

describe('every route × every kind of caller answers as the permission table says', () => {
  it('knows how to call every route the app registers', () => {
    expect(declared.routes.length).toBeGreaterThan(50);
    const registered = new Set(declared.routes.map(keyOf));
    const unknown = [...registered].filter((key) => !CALLS[key] && !NOT_CALLED[key]);
    const stale = [...Object.keys(CALLS), ...Object.keys(NOT_CALLED)].filter((key) => !registered.has(key));
    expect({ unknown, stale }).toEqual({ unknown: [], stale: [] });
  });

  it("lets a member given property A reach A's records (the 404s below are B out of reach, not a broken fixture)", async () => {
    for (const caller of ['managerOne', 'inspector'] as const) {
      for (const url of [`/api/properties/${f.a}`, `/api/properties/${f.a}/inspections`, `/api/properties/${f.a}/requirements`]) {
        expect([caller, url, (await send(caller, 'GET', url)).statusCode]).toEqual([caller, url, 200]);
      }
    }
  });

  it("answers the members given A, on A's records, as the table says (2xx or 403, never 404)", async () => {
    const routes = declared.routes.filter((route) => CALLS[keyOf(route)]?.names === 'propertyRecord' && !CALLS[keyOf(route)]!.session);
    await checkMatrix(routes, ['managerOne', 'inspector'], f.onA!, 'A');
  }, 120_000);

  it('answers each cell with the status the table gives (2xx allowed, 401 no caller, 403 role or token refused, 404 out of reach)', async () => {
    const routes = declared.routes.filter((route) => CALLS[keyOf(route)]);
    // Session-changing routes last, in their order.
    const ordered = [...routes.filter((r) => !CALLS[keyOf(r)]!.session), ...routes.filter((r) => CALLS[keyOf(r)]!.session).sort((x, y) => CALLS[keyOf(x)]!.session! - CALLS[keyOf(y)]!.session!)];
    await checkMatrix(ordered, CALLERS, f, 'B');
  }, 120_000);

  it('opens a share link to anyone holding it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/share/${f.shareLinkB.token}`, headers: { origin: ctx.config.appOrigin } });
    expect(response.statusCode).toBe(200);
  });
});
