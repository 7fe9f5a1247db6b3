import { todayInTimeZone } from '@shared/dates';
import type { InspectionType } from '@shared/enums';
import { answersText, questionsOf, type AppliesWhen, type ItemAnswers } from '@shared/item-conditions';
import { answersErrors, normaliseAnswers, type SafetyItemAnswers } from '@shared/schemas/safety-item-answers';
import { INSPECTION_TYPES } from '@shared/enums';
import { writeAccountData } from '../../cache/account-cache';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../errors';
import type { Account } from '../../account';
import { accountContact } from '../auth/account-contact';
import { settle } from '../compliance/compliance.service';
import { assertPropertyExists } from '../properties/properties.service';
import type { RequirementsDeps } from './requirements.service';
import { insertChanges } from './requirements.queries';
import * as q from './safety-item-answers.queries';

/**
 * Answers about a property's safety items (issue 37, "Conditions that change what applies"):
 * read with their questions, and changed, which changes what applies at once (reconcile).
 */

const toResponse = (itemType: InspectionType, answers: ItemAnswers): SafetyItemAnswers => ({
  itemType,
  questions: questionsOf(itemType).map(({ key, label, hint, multiple, options }) => ({ key, label, hint, multiple, options: [...options], answer: answers[key] ?? null })),
});

/** Every item type that has questions, with the property's answers. */
export async function propertyAnswers(deps: RequirementsDeps, account: Account, propertyId: number): Promise<SafetyItemAnswers[]> {
  await assertPropertyExists(deps, account, propertyId);
  const answers = await q.answersOfProperty(deps.db, propertyId);
  return INSPECTION_TYPES.filter((t) => questionsOf(t).length > 0).map((t) => toResponse(t, answers.get(t) ?? {}));
}

export async function itemAnswers(deps: RequirementsDeps, account: Account, propertyId: number, itemType: InspectionType): Promise<SafetyItemAnswers> {
  await assertPropertyExists(deps, account, propertyId);
  const answers = await q.answersOfProperty(deps.db, propertyId);
  return toResponse(itemType, answers.get(itemType) ?? {});
}

/** The answers as the property will keep them, or 400 with the field of each one that is wrong. */
export function checkedAnswers(itemType: InspectionType, answers: ItemAnswers, field = 'answers'): ItemAnswers {
  const errors = answersErrors(itemType, answers, field);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return normaliseAnswers(itemType, answers);
}

/** The answers a row's conditions name, in words: what made it apply or not. */
function because(appliesWhen: AppliesWhen | null, answers: ItemAnswers): string {
  const named = Object.fromEntries(Object.keys(appliesWhen ?? {}).filter((k) => k in answers).map((k) => [k, answers[k]!]));
  return Object.keys(named).length > 0 ? answersText(named) : 'not answered';
}

/**
 * Keeps the answers and makes the property's requirements of the item follow them, in the same
 * transaction: rows of its code set that now apply and that it lacks are added (last done not
 * known: due now); requirements whose row no longer applies are switched off as not applicable,
 * ones that apply again come back on; each with a change naming the answer. Then settled.
 */
export async function reconcileAnswers(
  db: DbOrTx,
  account: Account,
  input: { propertyId: number; itemType: InspectionType; answers: ItemAnswers; today: string },
): Promise<void> {
  await reconcileAnswersBy(db, { organizationId: account.id, changedBy: async () => (await accountContact(db, account.userId)).name }, input);
}

/**
 * reconcileAnswers for a change made by `changedBy` (a name, asked only when a change is
 * recorded); `why`, when given, ends each change's detail (what widened the answers).
 */
export async function reconcileAnswersBy(
  db: DbOrTx,
  by: { organizationId: number; changedBy: () => Promise<string> | string },
  input: { propertyId: number; itemType: InspectionType; answers: ItemAnswers; today: string; why?: string },
): Promise<void> {
  const organizationId = by.organizationId;
  await q.saveAnswers(db, { organizationId, ...input });
  const added = await q.addMissingRows(db, { organizationId, ...input });
  const flipped = await q.flipApplies(db, input.propertyId, input.itemType);
  if (added.length === 0 && flipped.length === 0) return;
  const changedBy = await by.changedBy();
  const why = input.why ? `; ${input.why}` : '';
  const change = (requirementId: number, kind: 'applicable' | 'not_applicable', detail: string) => ({
    organizationId,
    propertyId: input.propertyId,
    requirementId,
    kind,
    detail: `${detail}${why}`,
    reason: null,
    changedBy,
  });
  await insertChanges(
    db,
    [
      ...added.map((r) => change(r.id, 'applicable', `Applies: ${because(r.applies_when, input.answers)}; last done not known`)),
      ...flipped.map((r) =>
        r.applies
          ? change(r.id, 'applicable', `Applies again: ${because(r.applies_when, input.answers)}${r.active ? '' : '; stays switched off, as it was before'}`)
          : change(r.id, 'not_applicable', `Does not apply: ${because(r.applies_when, input.answers)}`),
      ),
    ],
    new Date(),
  );
  await settle(db, { propertyId: input.propertyId, requirementIds: [...added, ...flipped].map((r) => r.id), itemTypes: [input.itemType], today: input.today });
}

export async function updateItemAnswers(
  deps: RequirementsDeps,
  account: Account,
  propertyId: number,
  itemType: InspectionType,
  body: { answers: ItemAnswers },
): Promise<SafetyItemAnswers> {
  await assertPropertyExists(deps, account, propertyId);
  const answers = checkedAnswers(itemType, body.answers);
  const today = todayInTimeZone(account.timeZone, new Date());
  await writeAccountData(deps.pool, account.id, ({ db }) => reconcileAnswers(db, account, { propertyId, itemType, answers, today }));
  return toResponse(itemType, answers);
}
