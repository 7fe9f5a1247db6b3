import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberResponse, memberUpdateSchema } from '@shared/schemas/member';
import { requireAccount } from '../../plugins/auth';
import { idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as members from './members.service';

const tags = ['Members and invitations'];
const params = idParams('Member not found');

export async function membersRoutes(app: FastifyInstance, deps: members.MembersDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/organizations/current/members',
    { schema: { tags, summary: 'List members', description: 'Owners and admins (members.manage).', permission: 'members.manage', response: { 200: z.array(memberResponse) } } },
    async (request) => members.listMembers(deps, requireAccount(request)),
  );

  api.put(
    '/api/organizations/current/members/:id',
    {
      schema: {
        tags,
        summary: "Change a member's role and properties",
        description:
          'Owners and admins (members.manage); making, changing or demoting an owner, owners alone. The last owner keeps the role (409). Takes effect at the member’s next request.',
        permission: 'members.manage',
        params,
        body: memberUpdateSchema,
        response: { 200: memberResponse },
      },
    },
    async (request) => members.updateMember(deps, requireAccount(request), request.params.id, request.body),
  );

  api.delete(
    '/api/organizations/current/members/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member, or leave',
        description:
          'Owners and admins remove members (an owner, owners alone); anyone may remove themselves (leave). The last owner can do neither (409). The member is refused at their next request.',
        params,
        response: { 200: successResponse },
      },
    },
    async (request) => {
      await members.removeMember(deps, requireAccount(request), request.params.id);
      return { success: true as const };
    },
  );
}
