/**
 * The bench's peer: the same endpoints as a typical Express 5 app would serve them, with
 * express-session keeping sessions in PostgreSQL through connect-pg-simple (as those
 * packages' own documentation sets them up) and node-postgres running Firemark's SQL.
 * Run by bench/compare.ts: DATABASE_URL, PORT.
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

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
