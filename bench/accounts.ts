import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Signs up a new account on a running server, as the sign-up form does: its session cookie and id. */
export async function signUp(baseUrl: string, account: { fullName: string; username: string }): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ ...account, email: `${account.username}@example.com`, password: 'bench-password' }),
  });
  if (response.status !== 201) throw new Error(`Signing up ${account.username} on ${baseUrl} answered ${response.status}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { id } = (await response.json()) as { id: number };
  return { cookie, id };
}

/** The connection URL of the embedded PostgreSQL in a data directory, for seeding it directly. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as { password: string; port: number };
  return `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/postgres`;
}
