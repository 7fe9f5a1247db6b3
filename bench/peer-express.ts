/**
 * The bench's peer: the same endpoints as a typical Express 5 app would serve them, with
 * express-session keeping sessions in PostgreSQL through connect-pg-simple (as those
 * packages' own documentation sets them up) and node-postgres running Firemark's SQL.
 * Run by bench/compare.ts and bench/scale (which also writes): DATABASE_URL, PORT.
 */
import connectPgSimple from 'connect-pg-simple';
import express from 'express';
import session from 'express-session';
import pg from 'pg';
import { todayInTimeZone } from '../src/shared/dates';
import { bind, firemarkSql } from './firemark-sql';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    timeZone: string;
  }
}

pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PgStore = connectPgSimple(session);
const sql = await firemarkSql();

const app = express();
app.use(express.json());
app.use(
  session({
    store: new PgStore({ pool, createTableIfMissing: true }),
    secret: 'bench-peer-secret',
    resave: false,
    saveUninitialized: false,
    cookie: { maxAge: 30 * 24 * 60 * 60 * 1000, httpOnly: true, sameSite: 'lax' },
  }),
);

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function toJson(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camel(key)] = value instanceof Date ? value.toISOString() : value;
  return out;
}

// The bench signs in by username only: it measures reads, never the password check.
app.post('/bench/login', async (req, res) => {
  const { rows } = await pool.query('select id, time_zone from users where username = $1', [req.body.username]);
  if (!rows[0]) return void res.status(401).json({ message: 'Unknown user' });
  req.session.userId = rows[0].id;
  req.session.timeZone = rows[0].time_zone;
  res.json({ id: rows[0].id });
});

app.use('/api', (req, res, next) => {
  if (!req.session.userId) return void res.status(401).json({ message: 'Sign in' });
  next();
});

app.get('/api/auth/me', async (req, res) => {
  const { rows } = await pool.query(
    'select id, username, email, full_name, time_zone, created_at, email_confirmed_at from users where id = $1',
    [req.session.userId],
  );
  const u = rows[0];
  res.json({
    id: u.id,
    username: u.username,
    email: u.email,
    fullName: u.full_name,
    timeZone: u.time_zone,
    createdAt: u.created_at.toISOString(),
    emailConfirmed: u.email_confirmed_at !== null,
  });
});

for (const [url, endpoint] of Object.entries(sql)) {
  const path = url.split('?')[0]!;
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  app.get(path, async (req, res) => {
    // Only the bench's own requests are served: the SQL was captured for that filter.
    for (const [k, v] of query) if (req.query[k] !== v) return void res.status(400).json({ message: 'Not a bench request' });
    const today = todayInTimeZone(req.session.timeZone!, new Date());
    const results = await Promise.all(endpoint.statements.map((s) => pool.query(s.text, bind(s, req.session.userId!, today))));
    if (endpoint.kind === 'one') return void res.json(results[0]!.rows[0]);
    res.set('X-Total-Count', String(results[1]!.rows[0].n));
    res.json(results[0]!.rows.map(toJson));
  });
}

// The mixed load's writes (bench/scale): complete, complete with a deficiency, and reschedule, as
// PUT /api/inspections/:id with Firemark's bodies. The same rows change as in Firemark: the
// inspection, its deficiency, its requirement, the next inspection, the item and the property
// they roll up to. One transaction, hand-written SQL, as an Express app of this kind does it.
const itemRollup = `
  with rollup as (
    select (case when bool_or(last_result = 'non_compliant') then 'non_compliant' when bool_or(last_result = 'compliant') then 'compliant'
             else 'never_inspected' end)::compliance_item_status as status,
      min(next_due_date) as next_due_date, max(last_done_on) as last_inspection_date
    from requirements where property_id = $1 and item_type = $2 and active having count(*) > 0
  )
  update compliance_items ci set status = r.status, next_due_date = r.next_due_date, last_inspection_date = r.last_inspection_date, updated_at = now()
  from rollup r where ci.property_id = $1 and ci.item_type = $2`;
const propertyRollup = `
  update properties p set has_failure = s.has_failure, inspected = s.inspected, earliest_due_date = s.earliest_due_date
  from (select coalesce(bool_or(status = 'non_compliant'), false) as has_failure, coalesce(bool_and(last_inspection_date is not null), false) as inspected,
          min(next_due_date) as earliest_due_date from compliance_items where property_id = $1) s
  where p.id = $1`;

app.put('/api/inspections/:id', async (req, res) => {
  const id = Number(req.params.id);
  const body = req.body ?? {};
  const completing = body.status === 'completed';
  if (!Number.isInteger(id) || (!completing && typeof body.dueDate !== 'string')) return void res.status(400).json({ message: 'Invalid request' });
  const organizationId = req.session.userId!;
  const today = todayInTimeZone(req.session.timeZone!, new Date());
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select * from inspections where id = $1 and organization_id = $2 for update', [id, organizationId]);
    const inspection = rows[0];
    if (!inspection) {
      await client.query('rollback');
      return void res.status(404).json({ message: 'Inspection not found' });
    }
    if (inspection.status !== 'scheduled' && inspection.status !== 'in_progress') {
      await client.query('rollback');
      return void res.status(409).json({ message: `This inspection is already ${inspection.status}.` });
    }
    if (completing) {
      await client.query(
        `update inspections set status = 'completed', completed_date = now(), compliance_result = $2, completion_notes = $3, updated_at = now() where id = $1`,
        [id, body.complianceStatus ?? null, body.notes ?? null],
      );
      for (const d of body.deficiencies ?? []) {
        await client.query(
          `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, location, corrective_action, due_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [organizationId, inspection.property_id, id, inspection.inspection_type, d.description, d.severity, d.location ?? null, d.correctiveAction ?? null, d.dueBy ?? null],
        );
      }
      if (inspection.requirement_id !== null && body.complianceStatus) {
        const { rows: updated } = await client.query(
          `update requirements set last_done_on = $2, last_result = $3, last_notes = $4, has_open_inspection = false, updated_at = now(),
             next_due_date = $2::date + make_interval(months => coalesce(interval_months, 0), days => coalesce(interval_days, 0))
           where id = $1 returning next_due_date, active, auto_schedule`,
          [inspection.requirement_id, today, body.complianceStatus, body.notes ?? null],
        );
        const requirement = updated[0];
        // The next one, unless one is open already.
        if (requirement?.active && requirement.auto_schedule) {
          await client.query(
            `insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, status, assigned_to)
             select $1, $2, $3, $4, $5, 'scheduled', $6
             where not exists (select 1 from inspections where requirement_id = $4 and status in ('scheduled', 'in_progress'))`,
            [organizationId, inspection.property_id, inspection.inspection_type, inspection.requirement_id, requirement.next_due_date, inspection.assigned_to],
          );
        }
        await client.query(
          `update requirements set has_open_inspection = exists (select 1 from inspections where requirement_id = $1 and status in ('scheduled', 'in_progress')) where id = $1`,
          [inspection.requirement_id],
        );
      }
    } else {
      await client.query('update inspections set due_date = $2, reschedule_reason = $3, updated_at = now() where id = $1', [id, body.dueDate, body.rescheduleReason ?? null]);
    }
    await client.query(itemRollup, [inspection.property_id, inspection.inspection_type]);
    await client.query(propertyRollup, [inspection.property_id]);
    const { rows: after } = await client.query('select * from inspections where id = $1', [id]);
    await client.query('commit');
    res.json(toJson(after[0]));
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    console.error(error);
    res.status(500).json({ message: 'Something went wrong' });
  } finally {
    client.release();
  }
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
