import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { addMember, organizationOf, proOwner } from '../../testing/team';
import { LAST_OWNER_MESSAGE } from './members.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MEMBERS = '/api/organizations/current/members';
const names = async (agent: { get(url: string): Promise<{ json(): unknown }> }) =>
  ((await agent.get('/api/properties')).json() as { name: string }[]).map((p) => p.name).sort();

describe('members', () => {
  it('are listed with their role, properties and which one is the caller', async () => {
    const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
    const north = await createProperty(ctx.runtime.db, owner.organization.id);
    const viewer = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: [north.id] }, { fullName: 'Vic Viewer' });
    const res = await owner.agent.get(MEMBERS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { userId: owner.user.id, fullName: 'Olive Owner', email: owner.user.email, role: 'owner', propertyIds: null, you: true },
      { id: viewer.membershipId, userId: viewer.user.id, fullName: 'Vic Viewer', email: viewer.user.email, role: 'viewer', propertyIds: [north.id], you: false },
    ]);
    // Members are the business of owners and admins.
    expect((await viewer.agent.get(MEMBERS)).statusCode).toBe(403);
    expect((await ctx.agent().get(MEMBERS)).statusCode).toBe(401);
  });

  it('whose role changes are limited at their next request', async () => {
    const owner = await proOwner(ctx);
    const [north, south] = [await createProperty(ctx.runtime.db, owner.organization.id, { name: 'North' }), await createProperty(ctx.runtime.db, owner.organization.id, { name: 'South' })];
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    expect(await names(manager.agent)).toEqual(['North', 'South']);
    expect((await manager.agent.put(`/api/properties/${south.id}`, { name: 'South' })).statusCode).toBe(200);

    const changed = await owner.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'viewer', propertyIds: [north.id] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'viewer', propertyIds: [north.id] });

    expect(await names(manager.agent)).toEqual(['North']);
    expect((await manager.agent.get(`/api/properties/${south.id}`)).statusCode).toBe(404);
    const edit = await manager.agent.put(`/api/properties/${north.id}`, { name: 'North Wing' });
    expect(edit.statusCode).toBe(403);
    expect(await organizationOf(manager.agent)).toMatchObject({ role: 'viewer', propertyIds: [north.id] });
  });

  it('who are removed are refused at their next request', async () => {
    const owner = await proOwner(ctx);
    const north = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'North' });
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    expect((await manager.agent.get(`/api/properties/${north.id}`)).statusCode).toBe(200);

    expect((await owner.agent.delete(`${MEMBERS}/${manager.membershipId}`)).statusCode).toBe(200);
    expect((await manager.agent.get(`/api/properties/${north.id}`)).statusCode).toBe(404);
    expect(await names(manager.agent)).not.toContain('North');
    expect(((await owner.agent.get(MEMBERS)).json() as { userId: number }[]).map((m) => m.userId)).toEqual([owner.user.id]);
    expect((await owner.agent.delete(`${MEMBERS}/${manager.membershipId}`)).statusCode).toBe(404);
  });

  it('always include an owner: the last one can neither step down nor leave', async () => {
    const owner = await proOwner(ctx);
    const [me] = (await owner.agent.get(MEMBERS)).json() as { id: number }[];
    const demote = await owner.agent.put(`${MEMBERS}/${me!.id}`, { role: 'admin', propertyIds: null });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_OWNER_MESSAGE);
    const leave = await owner.agent.delete(`${MEMBERS}/${me!.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('You are the only owner of this organisation. Make another member an owner before you leave.');

    // With a second owner, the first may step down, and then the second is the last.
    const second = await addMember(ctx, owner.agent, { role: 'owner', propertyIds: null });
    expect((await owner.agent.put(`${MEMBERS}/${me!.id}`, { role: 'admin', propertyIds: null })).statusCode).toBe(200);
    const secondId = ((await second.agent.get(MEMBERS)).json() as { id: number; you: boolean }[]).find((m) => m.you)!.id;
    expect((await second.agent.delete(`${MEMBERS}/${secondId}`)).statusCode).toBe(409);
    expect((await owner.agent.delete(`${MEMBERS}/${secondId}`)).statusCode).toBe(403);
  });

  it('may leave on their own, whatever their role', async () => {
    const owner = await proOwner(ctx);
    const viewer = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: null });
    const other = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: null });
    // A viewer cannot remove anyone else…
    const removeOther = await viewer.agent.delete(`${MEMBERS}/${other.membershipId}`);
    expect(removeOther.statusCode).toBe(403);
    // …but may leave.
    expect((await viewer.agent.delete(`${MEMBERS}/${viewer.membershipId}`)).statusCode).toBe(200);
    expect(((await owner.agent.get(MEMBERS)).json() as { userId: number }[]).map((m) => m.userId)).not.toContain(viewer.user.id);
  });

  it('owners are made and changed by owners alone', async () => {
    const owner = await proOwner(ctx);
    const admin = await addMember(ctx, owner.agent, { role: 'admin', propertyIds: null });
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    const [ownerRow] = (await owner.agent.get(MEMBERS)).json() as { id: number }[];

    const promote = await admin.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'owner', propertyIds: null });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toContain('Only owners can do this');
    expect((await admin.agent.put(`${MEMBERS}/${ownerRow!.id}`, { role: 'viewer', propertyIds: null })).statusCode).toBe(403);
    expect((await admin.agent.delete(`${MEMBERS}/${ownerRow!.id}`)).statusCode).toBe(403);
    // Admins manage everyone else.
    expect((await admin.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'inspector', propertyIds: null })).statusCode).toBe(200);
    expect((await owner.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'owner', propertyIds: null })).statusCode).toBe(200);
  });

  it('refuse bad input with field messages, and another organisation’s member is not found', async () => {
    const owner = await proOwner(ctx);
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    const bad = await owner.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'admin', propertyIds: [1] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ propertyIds: ['Owners and admins always have all properties'] });
    const elsewhere = await proOwner(ctx);
    const theirs = await createProperty(ctx.runtime.db, elsewhere.organization.id);
    const foreign = await owner.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'viewer', propertyIds: [theirs.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ propertyIds: [`Property ${theirs.id} is not one of this organisation's properties`] });

    expect((await elsewhere.agent.put(`${MEMBERS}/${manager.membershipId}`, { role: 'viewer', propertyIds: null })).statusCode).toBe(404);
    expect((await elsewhere.agent.delete(`${MEMBERS}/${manager.membershipId}`)).statusCode).toBe(404);
    expect((await owner.agent.put(`${MEMBERS}/not-a-number`, { role: 'viewer', propertyIds: null })).statusCode).toBe(404);
  });
});
