import type { FastifyInstance } from 'fastify';
import { reminderSettingsSchema } from '@shared/schemas/reminder-settings';
import type { Db } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../route-schema';
import * as settings from './reminder-settings.service';

const tags = ['Settings'];

/**
 * The reminder schedule of the signed-in account. Saving is allowed on every plan: the
 * settings wait for a Free account that upgrades, and the sweep sends to Pro accounts only.
 */
export async function reminderSettingsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/reminder-settings', { schema: { tags, summary: 'Get the reminder schedule', response: { 200: reminderSettingsSchema } } }, async (request) =>
    settings.getReminderSettings(deps.db, requireAccount(request).id),
  );

  api.put(
    '/api/reminder-settings',
    { schema: { permission: 'settings.manage', tags, summary: 'Change the reminder schedule', body: reminderSettingsSchema, response: { 200: reminderSettingsSchema } } },
    async (request) => settings.setReminderSettings(deps.db, requireAccount(request).id, request.body),
  );
}
