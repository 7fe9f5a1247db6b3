import type { FastifyInstance } from 'fastify';
import { reminderSettingsSchema } from '@shared/schemas/reminder-settings';
import type { Db } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import { parse } from '../../validation';
import * as settings from './reminder-settings.service';

/**
 * The reminder schedule of the signed-in account. Saving is allowed on every plan: the
 * settings wait for a Free account that upgrades, and the sweep sends to Pro accounts only.
 */
export async function reminderSettingsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get('/api/reminder-settings', async (request) => settings.getReminderSettings(deps.db, requireAccount(request).id));

  app.put('/api/reminder-settings', async (request) => {
    const account = requireAccount(request);
    const input = parse(reminderSettingsSchema, request.body);
    return settings.setReminderSettings(deps.db, account.id, input);
  });
}
