import { writeAccountData } from '../../cache/account-cache';
import { ERROR_CODES } from '@shared/api-error';
import { findDuplicateRows, validateCsvRows, type ImportCheck, type ImportResult } from '@shared/csv-import';
import { AppError } from '../../errors';
import { assertCanAddProperties, lockAccountForLimits } from '../subscription/subscription.service';
import * as q from './properties.queries';
import { existingPropertyKeys, insertImportRecord } from './property-import.queries';
import type { Account } from '../../account';
import type { PropertiesDeps } from './properties.service';

const MAX_LISTED_ERRORS = 20;

/** The preview's question: which rows repeat a property the account already has. */
export async function checkImport(deps: PropertiesDeps, account: Account, rows: Record<string, unknown>[]): Promise<ImportCheck> {
  return { duplicateRows: findDuplicateRows(rows, await existingPropertyKeys(deps.db, account.id)) };
}

/**
 * Imports all rows or none: every row is re-validated here with the schema the dialog used,
 * rows repeating a property the account has are skipped unless asked for, the plan limit
 * counts every row imported, and the attempt is recorded in csv_imports either way (a
 * completed import in the same transaction as its properties).
 */
export async function importProperties(
  deps: PropertiesDeps,
  account: Account,
  input: { filename: string; rows: Record<string, unknown>[]; includeDuplicates?: boolean },
): Promise<ImportResult> {
  const attempt = { organizationId: account.id, filename: input.filename, totalRows: input.rows.length };
  const fail = (errorCount: number, errorDetails: string[]) =>
    insertImportRecord(deps.db, { ...attempt, status: 'failed', errorCount, errorDetails });

  const { properties, errors } = validateCsvRows(input.rows);
  if (errors.length) {
    await fail(errors.length, errors);
    const listed = errors.slice(0, MAX_LISTED_ERRORS).join('\n');
    const more = errors.length > MAX_LISTED_ERRORS ? `\n...and ${errors.length - MAX_LISTED_ERRORS} more` : '';
    throw new AppError(ERROR_CODES.validation, `Nothing was imported. Fix these rows and try again:\n${listed}${more}`, { properties: errors });
  }

  let importId: number;
  let imported = properties;
  try {
    importId = await writeAccountData(deps.pool, account.id, async ({ db }) => {
      // Under the account lock, so two imports of one file at once cannot both add it.
      await lockAccountForLimits(db, account.id);
      if (!input.includeDuplicates) {
        // Every row is valid here, so validated properties and rows share their indexes.
        const skip = new Set(findDuplicateRows(input.rows, await existingPropertyKeys(db, account.id)));
        imported = properties.filter((_, i) => !skip.has(i));
      }
      await assertCanAddProperties(db, account.id, imported.length);
      if (imported.length) await q.insertProperties(db, account.id, imported);
      return insertImportRecord(db, { ...attempt, status: 'completed', importedCount: imported.length });
    });
  } catch (error) {
    // With the database gone there is nowhere to record the failure; the rolled-back attempt
    // left nothing behind either way.
    const message = error instanceof AppError ? error.message : 'The import failed.';
    await fail(properties.length, [message]).catch(() => undefined);
    throw error;
  }
  const skippedCount = properties.length - imported.length;
  const noun = (n: number) => (n === 1 ? 'property' : 'properties');
  const skipped = skippedCount ? ` Skipped ${skippedCount} ${noun(skippedCount)} you already have.` : '';
  return { importId, importedCount: imported.length, skippedCount, message: `Imported ${imported.length} ${noun(imported.length)}.${skipped}` };
}
