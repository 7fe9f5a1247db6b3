import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { LastDoneAnswers } from '@shared/schemas/requirement';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../errors';
import type { Account } from '../../account';
import { accountContact } from '../auth/account-contact';
import { createLibraryRequirements } from '../compliance/compliance.queries';
import * as q from './requirements.queries';

/**
 * A safety item comes to a property with when each requirement was last done (issue 35,
 * decision 034), from "Add safety item" or from the first inspection of its type. The dates are
 * counted in one place, createLibraryRequirements; this file turns the answers into them.
 */

type Answers = Pick<LastDoneAnswers, 'requirements'> & { propertyId: number; itemType: InspectionType; lastDoneOn?: string | null };

/**
 * When each of the type's library requirements was last done, by library entry (null: not
 * known): `lastDoneOn` for all, `requirements` for the ones that differ. A day in the future
 * (in the organisation's zone) or an activity of another type is refused with its field, named
 * under `field` (the inspection's `lastDone`, or the body itself).
 */
export async function lastDoneByLibraryEntry(db: DbOrTx, input: Answers, day: string, field = ''): Promise<Record<number, string | null>> {
  const errors: Record<string, string[]> = {};
  const future = 'The day it was last done cannot be in the future';
  if (input.lastDoneOn && input.lastDoneOn > day) errors[`${field}lastDoneOn`] = [future];
  const entries = await q.libraryFor(db, input.propertyId, input.itemType);
  const byEntry: Record<number, string | null> = Object.fromEntries(entries.map((l) => [l.id, input.lastDoneOn ?? null]));
  input.requirements?.forEach((r, i) => {
    if (!(r.libraryId in byEntry)) errors[`${field}requirements.${i}.libraryId`] = [`Choose an activity of ${INSPECTION_TYPE_LABELS[input.itemType]}`];
    else if (r.lastDoneOn && r.lastDoneOn > day) errors[`${field}requirements.${i}.lastDoneOn`] = [future];
    else byEntry[r.libraryId] = r.lastDoneOn ?? null;
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return byEntry;
}

/**
 * The answers of the first inspection of a type: every requirement but the one the inspection
 * is for (the named library entry, else the principal one), which is due on the inspection's
 * due date. Listing that one is refused: nothing would count from the day given.
 */
export async function answersBesideInspection(
  db: DbOrTx,
  input: Answers,
  byEntry: Record<number, string | null>,
  libraryId: number | undefined,
): Promise<Record<number, string | null>> {
  const entries = await q.libraryFor(db, input.propertyId, input.itemType);
  const own = entries.find((l) => l.id === libraryId) ?? entries.find((l) => l.principal);
  if (!own) return byEntry;
  const listed = input.requirements?.findIndex((r) => r.libraryId === own.id) ?? -1;
  if (listed >= 0) {
    throw validationFailed({
      [`lastDone.requirements.${listed}.libraryId`]: [`This inspection is for ${own.activity}: it is due on the inspection's due date`],
    });
  }
  const { [own.id]: _own, ...others } = byEntry;
  return others;
}

/**
 * The library's requirements of a type come to the property, first due as the answers say (or
 * the old way, from `anchor`), and each change keeps what the person said, with who and when.
 * Returns the ids created: none when the property has the type already.
 */
export async function addLibraryItem(
  db: DbOrTx,
  account: Account,
  input: { propertyId: number; itemType: InspectionType; anchor?: string; today: string; lastDone?: Record<number, string | null> },
): Promise<number[]> {
  const { lastDone } = input;
  const ids = await createLibraryRequirements(db, { ...input, organizationId: account.id });
  if (ids.length === 0) return ids;
  const label = INSPECTION_TYPE_LABELS[input.itemType];
  const changedBy = (await accountContact(db, account.userId)).name;
  const entryOf = lastDone ? await q.libraryEntriesOf(db, ids) : new Map<number, number>();
  const said = (requirementId: number) => {
    const entry = entryOf.get(requirementId);
    if (!lastDone || entry === undefined || !(entry in lastDone)) return '';
    const day = lastDone[entry];
    return day ? `; last done ${formatDisplayDate(day)}` : '; last done not known';
  };
  await q.insertChanges(
    db,
    ids.map((requirementId) => ({
      organizationId: account.id,
      propertyId: input.propertyId,
      requirementId,
      kind: 'item_added' as const,
      detail: `Added with ${label}${said(requirementId)}`,
      reason: null,
      changedBy,
    })),
    new Date(),
  );
  return ids;
}
