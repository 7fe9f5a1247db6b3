import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index';
import { coalescedAccountReads } from './account-reads';

/**
 * A database of one column that the test changes by hand, and reads it can hold back: each
 * read sees the versions as they are when it is sent, like a statement sent to PostgreSQL.
 */
function fakeDatabase() {
  const versions = new Map<number, number>([[1, 0], [2, 0]]);
  const sent: { ids: number[]; finish: () => void }[] = [];
  const read = (ids: number[]) =>
    new Promise<UserRow[]>((resolve) => {
      const rows = ids.filter((id) => versions.has(id)).map((id) => ({ id, sessionVersion: versions.get(id)! }) as UserRow);
      sent.push({ ids, finish: () => resolve(rows) });
    });
  return { versions, sent, read };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced account reads', () => {
  it('reads at once when nothing is in flight', async () => {
    const db = fakeDatabase();
    const readAccount = coalescedAccountReads(db.read);
    const row = readAccount(1);
    expect(db.sent).toHaveLength(1);
    db.sent[0]!.finish();
    expect(await row).toMatchObject({ id: 1, sessionVersion: 0 });
  });

  it('never answers a request from a read sent before it arrived', async () => {
    const db = fakeDatabase();
    const readAccount = coalescedAccountReads(db.read);
    const early = readAccount(1);
    // A logout elsewhere commits after the first read was sent, then a request arrives.
    db.versions.set(1, 1);
    const late = readAccount(1);
    expect(db.sent).toHaveLength(1);
    db.sent[0]!.finish();
    expect(await early).toMatchObject({ sessionVersion: 0 });
    await flush();
    expect(db.sent).toHaveLength(2);
    db.sent[1]!.finish();
    expect(await late).toMatchObject({ sessionVersion: 1 });
  });

  it('serves every request that arrived during a read with one next read', async () => {
    const db = fakeDatabase();
    const readAccount = coalescedAccountReads(db.read);
    const first = readAccount(1);
    const waiting = [readAccount(1), readAccount(2), readAccount(1), readAccount(3)];
    db.sent[0]!.finish();
    await first;
    await flush();
    expect(db.sent.map((s) => s.ids)).toEqual([[1], [1, 2, 3]]);
    db.sent[1]!.finish();
    const rows = await Promise.all(waiting);
    expect(rows.map((row) => row?.id)).toEqual([1, 2, 1, undefined]);
    // Two requests for one account get copies, not one shared object.
    expect(rows[0]).not.toBe(rows[2]);
  });

  it('fails every request of a failed read, and reads again for the next', async () => {
    const failing = [new Error('connection lost')];
    const readAccount = coalescedAccountReads(async (ids) => {
      const error = failing.shift();
      if (error) throw error;
      return ids.map((id) => ({ id }) as UserRow);
    });
    await expect(readAccount(1)).rejects.toThrow('connection lost');
    await expect(readAccount(1)).resolves.toMatchObject({ id: 1 });
  });
});
