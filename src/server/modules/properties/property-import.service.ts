import { writeAccountData } from '../../cache/account-cache';
import { ERROR_CODES } from '@shared/api-error';
import { validateCsvRows } from '@shared/csv-import';
import { AppError } from '../../errors';
import { assertCanAddProperties } from '../subscription/subscription.service';
import * as q from './properties.queries';
import { insertImportRecord } from './property-import.queries';
import type { Account, PropertiesDeps } from './properties.service';

const MAX_LISTED_ERRORS = 20;

/**
 * Imports all rows or none: every row is re-validated here with the schema the dialog used,
 * the plan limit counts every row, and the attempt is recorded in csv_imports either way
 * (a completed import in the same transaction as its properties).
 */
export async function importProperties(
  deps: PropertiesDeps,
  account: Account,
  input: { filename: string; rows: Record<string, unknown>[] },
): Promise<{ importId: number; importedCount: number; message: string }> {
  const attempt = { userId: account.id, filename: input.filename, totalRows: input.rows.length };
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
  try {
    importId = await writeAccountData(deps.pool, account.id, async ({ db }) => {
      await assertCanAddProperties(db, account.id, properties.length);
      await q.insertProperties(db, account.id, properties);
      return insertImportRecord(db, { ...attempt, status: 'completed', importedCount: properties.length });
    });
  } catch (error) {
    // With the database gone there is nowhere to record the failure; the rolled-back attempt
    // left nothing behind either way.
    const message = error instanceof AppError ? error.message : 'The import failed.';
    await fail(properties.length, [message]).catch(() => undefined);
    throw error;
  }
  const noun = properties.length === 1 ? 'property' : 'properties';
  return { importId, importedCount: properties.length, message: `Imported ${properties.length} ${noun}.` };
}
