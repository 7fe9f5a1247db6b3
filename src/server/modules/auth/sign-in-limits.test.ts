import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '10' });
});
afterAll(async () => {
  await ctx.close();
});

let client = 0;
/** A sign-in from a client address never used before, so only the per-account limit can answer 429. */
const signInFromNewClient = (username: string, password: string) =>
  ctx.agent().request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: `203.0.113.${++client % 250}` });

describe('the per-account sign-in limit', () => {
  it('counts the username and the address, in any case, as one account across clients', async () => {
    const { user, password } = await createUser(ctx.runtime.db, { username: 'bob', email: 'bob@example.test' });
    const names = ['bob', 'BOB', 'bob@example.test', ' Bob@Example.TEST '];
    for (let i = 0; i < 10; i++) expect((await signInFromNewClient(names[i % names.length]!, 'wrong-guess')).statusCode).toBe(401);

    const limited = await signInFromNewClient('bob@example.test', password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signInFromNewClient('BOB', password)).statusCode).toBe(429);

    // Another account is not held back by it.
    const other = await createUser(ctx.runtime.db, { username: 'carol', email: 'carol@example.test' });
    expect((await signInFromNewClient('carol', other.password)).statusCode).toBe(200);
    expect(user.id).not.toBe(other.user.id);
  });

  it('limits a name that is no account the same way, with the same answers', async () => {
    const known = await createUser(ctx.runtime.db, { username: 'dana', email: 'dana@example.test' });
    const answersFor = async (name: string) => {
      const answers: string[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await signInFromNewClient(name, 'wrong-guess');
        answers.push(`${res.statusCode} ${res.body}`);
      }
      return answers;
    };
    const forKnown = await answersFor(known.user.username);
    const forUnknown = await answersFor('nobody-at-all');
    expect(forUnknown).toEqual(forKnown);
    expect(forUnknown.at(-1)).toMatch(/^429 .*Too many attempts/);
    expect(forUnknown.slice(0, 10).every((a) => a.startsWith('401 '))).toBe(true);
  });

  it('counts failures only: many successful sign-ins from many clients are never limited', async () => {
    const { user, password } = await createUser(ctx.runtime.db, { username: 'erin', email: 'erin@example.test' });
    for (let i = 0; i < 15; i++) expect((await signInFromNewClient(i % 2 ? user.username : user.email, password)).statusCode).toBe(200);
    expect((await signInFromNewClient(user.username, 'wrong-guess')).statusCode).toBe(401);
  });
});
