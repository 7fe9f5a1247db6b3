import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

/** The feed's path from its full link, as a calendar app would request it. */
const pathOf = (url: string) => new URL(url).pathname;

async function feedLink(agent: Agent): Promise<string> {
  const res = await agent.get('/api/calendar-feed');
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

/** A calendar app: no session, no Origin, just the link. */
const fetchFeed = (url: string) => ctx.app.inject({ method: 'GET', url: pathOf(url) });

function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      end: event.endDate.toString(),
      url: vevent.getFirstPropertyValue('url'),
    };
  });
}

describe('the calendar feed link', () => {
  it('needs a signed-in account to read or renew', async () => {
    const agent = ctx.agent();
    expect((await agent.get('/api/calendar-feed')).statusCode).toBe(401);
    expect((await agent.post('/api/calendar-feed/regenerate')).statusCode).toBe(401);
  });

  it('is a secret .ics address under APP_URL that stays the same until renewed', async () => {
    const { agent } = await ctx.signedIn();
    const url = await feedLink(agent);
    expect(url).toMatch(/^https:\/\/firemark\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedLink(agent)).toBe(url);
  });

  it('is not stored in the database: a copy of the tables opens no calendar', async () => {
    const { agent, user } = await ctx.signedIn();
    const url = await feedLink(agent);
    const token = /\/([^/]+)\.ics$/.exec(url)![1]!;
    const { rows } = await ctx.runtime.pool.query('select secret, token_hash from calendar_feeds where organization_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].secret).not.toBe(token);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });
});

describe('GET /api/calendar/<token>.ics', () => {
  it('lists every open inspection of the account, and only those, as valid all-day iCalendar events', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, {
      name: 'Harbor View Offices',
      addressLine1: '100 Harbor Way',
      addressLine2: 'Suite 4; North, Tower',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
    });
    const scheduled = await createInspectionRow(ctx.runtime.db, {
      organizationId: user.id,
      propertyId: property.id,
      dueDate: '2026-12-31',
      assignedTo: 'Sam Ortiz, Fire Safe Co.',
    });
    const started = await createInspectionRow(ctx.runtime.db, {
      organizationId: user.id,
      propertyId: property.id,
      dueDate: '2026-07-01',
      inspectionType: 'emergency_lighting',
      status: 'in_progress',
    });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-07-02', status: 'completed' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-07-03', status: 'cancelled' });
    // Another account's inspection, on the same day.
    const { user: other } = await ctx.signedIn();
    const otherProperty = await createProperty(ctx.runtime.db, other.id, { name: 'Someone Else Tower' });
    await createInspectionRow(ctx.runtime.db, { organizationId: other.id, propertyId: otherProperty.id, dueDate: '2026-07-01' });

    const res = await fetchFeed(await feedLink(agent));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text).toContain('\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:Firemark inspections\r\n');
    // CRLF only, and no line longer than 75 octets.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const events = parseEvents(text);
    expect(events).toEqual([
      {
        uid: `inspection-${started.id}@firemark.example.com`,
        summary: 'Emergency Lighting inspection: Harbor View Offices',
        description: `Assigned to: Alex Inspector\nOpen in Firemark: https://firemark.example.com/inspections/${started.id}`,
        location: '100 Harbor Way, Suite 4; North, Tower, Boston, MA 02110',
        start: '2026-07-01',
        allDay: true,
        end: '2026-07-02',
        url: `https://firemark.example.com/inspections/${started.id}`,
      },
      {
        uid: `inspection-${scheduled.id}@firemark.example.com`,
        summary: 'Fire Extinguishers inspection: Harbor View Offices',
        description: `Assigned to: Sam Ortiz, Fire Safe Co.\nOpen in Firemark: https://firemark.example.com/inspections/${scheduled.id}`,
        location: '100 Harbor Way, Suite 4; North, Tower, Boston, MA 02110',
        start: '2026-12-31',
        allDay: true,
        end: '2027-01-01',
        url: `https://firemark.example.com/inspections/${scheduled.id}`,
      },
    ]);
    // Commas and semicolons in values travel escaped.
    expect(text).toContain('LOCATION:100 Harbor Way\\, Suite 4\\; North\\, Tower\\, Boston\\, MA 02110\r\n');
  });

  it('keeps each event under the same UID from one fetch to the next, and follows changes', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Maple Court' });
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-08-01' });
    const url = await feedLink(agent);
    const first = parseEvents((await fetchFeed(url)).body);

    // Rescheduled: the same event moves; completed: it leaves the feed.
    await ctx.runtime.pool.query(`update inspections set due_date = '2026-08-15' where id = $1`, [inspection.id]);
    const second = parseEvents((await fetchFeed(url)).body);
    expect(second.map((e) => [e.uid, e.start])).toEqual([[first[0]!.uid, '2026-08-15']]);

    await ctx.runtime.pool.query(`update inspections set status = 'completed', completed_date = now() where id = $1`, [inspection.id]);
    expect(parseEvents((await fetchFeed(url)).body)).toEqual([]);
  });

  it('folds long lines without splitting a character, and reads back whole', async () => {
    const { agent, user } = await ctx.signedIn();
    const name = 'Résidence Les Érables — Bâtiment Nord, 消防 🧯 Wing with a very long name indeed';
    const property = await createProperty(ctx.runtime.db, user.id, { name });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-09-09', inspectionType: 'smoke_detectors' });
    const text = (await fetchFeed(await feedLink(agent))).body;
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(parseEvents(text)[0]!.summary).toBe(`Smoke Detectors inspection: ${name}`);
  });

  it('answers 404 to the old link once a new one is made, and the new one works', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-10-01' });
    const old = await feedLink(agent);
    expect((await fetchFeed(old)).statusCode).toBe(200);

    const renewed = await agent.post('/api/calendar-feed/regenerate');
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().url as string;
    expect(fresh).not.toBe(old);
    expect(await feedLink(agent)).toBe(fresh);

    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This calendar link is not valid any more. Copy the current one from Settings in Firemark.');
    const works = await fetchFeed(fresh);
    expect(works.statusCode).toBe(200);
    expect(parseEvents(works.body)).toHaveLength(1);
  });

  it('never shows one account another account’s calendar; made-up links are 404', async () => {
    const a = await ctx.signedIn();
    const b = await ctx.signedIn();
    const propertyA = await createProperty(ctx.runtime.db, a.user.id, { name: 'Alpha House' });
    await createInspectionRow(ctx.runtime.db, { organizationId: a.user.id, propertyId: propertyA.id, dueDate: '2026-11-01' });
    const linkB = await feedLink(b.agent);
    expect((await fetchFeed(linkB)).body).not.toContain('Alpha House');
    expect(parseEvents((await fetchFeed(linkB)).body)).toEqual([]);

    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      `/api/calendar/${pathOf(linkB).split('/').pop()!.replace('.ics', '')}`,
      '/api/calendar/not-a-token.ics',
      `/api/calendar/${'%00'.repeat(43)}.ics`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('limits how often one link is fetched', async () => {
    const { agent } = await ctx.signedIn();
    const url = await feedLink(agent);
    for (let i = 0; i < 30; i++) expect((await fetchFeed(url)).statusCode).toBe(200);
    const refused = await fetchFeed(url);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's link is counted on its own.
    const other = await ctx.signedIn();
    expect((await fetchFeed(await feedLink(other.agent))).statusCode).toBe(200);
  });
});
