import type pg from 'pg';
import { TAG_PATTERN } from '@shared/devices';
import type { PublicTagResponse, TagPagesSetting } from '@shared/schemas/device';
import type { Account } from '../../account';
import { writeAccountData } from '../../cache/account-cache';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { findPublicTag, setTagPages, tagPagesEnabled } from './public-tag.queries';

export interface PublicTagDeps {
  db: Db;
  pool: pg.Pool;
}

/** One answer for every tag without a page, so a stranger learns nothing from which it was. */
const noTagPage = () => notFound('No tag page');

const month = (day: string | null) => (day ? day.slice(0, 7) : null);

/**
 * The public tag page (issue 32 §2): only what a paper tag on the device shows. Unknown,
 * removed or replaced devices, and organisations that turned tag pages off, are the same 404.
 */
export async function publicTag(deps: PublicTagDeps, rawTag: string): Promise<PublicTagResponse> {
  const tag = rawTag.trim().toUpperCase();
  if (!TAG_PATTERN.test(tag)) throw noTagPage();
  const row = await findPublicTag(deps.db, tag);
  if (!row || !row.publicTagPages || row.status === 'removed' || row.status === 'replaced') throw noTagPage();
  return {
    tag: row.tag,
    itemType: row.itemType,
    lastInspectedMonth: month(row.lastInspectedOn),
    lastMaintainedMonth: month(row.lastMaintainedOn),
    organizationName: row.organizationName,
    nextDueMonth: month(row.nextDueDate),
    inService: row.status === 'in_service',
  };
}

export async function tagPagesSetting(deps: PublicTagDeps, account: Account): Promise<TagPagesSetting> {
  return { enabled: await tagPagesEnabled(deps.db, account.id) };
}

export async function updateTagPagesSetting(deps: PublicTagDeps, account: Account, input: TagPagesSetting): Promise<TagPagesSetting> {
  const enabled = await writeAccountData(deps.pool, account.id, (tx) => setTagPages(tx.db, account.id, input.enabled));
  return { enabled };
}
