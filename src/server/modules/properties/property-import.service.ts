import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api-error';
import { validateCsvRows } from '@shared/csv-import';
import { csvImports } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { assertCanAddProperties } from '../subscription/subscription.service';
import * as q from './properties.queries';
import type { Account, PropertiesDeps } from './properties.service';

const MAX_LISTED_ERRORS = 20;

/**
 * Imports all rows or none: every row is re-validated here with the schema the dialog used,
 * the plan limit counts every row, and the attempt is recorded in csv_imports either way.
 */
export async function importProperties(
  deps: PropertiesDeps,
  account: Account,
  input: { filename: string; rows: unknown[] },
): Promise<{ importId: number; importedCount: number; message: string }> {
  const [record] = await deps.db
    .insert(csvImports)
    .values({ userId: account.id, filename: input.filename, totalRows: input.rows.length, status: 'processing' })
    .returning({ id: csvImports.id });
  const importId = record!.id;
  const finish = (values: Partial<typeof csvImports.$inferInsert>) =>
    deps.db.update(csvImports).set({ completedAt: new Date(), ...values }).where(eq(csvImports.id, importId));

  const rows = input.rows.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {}));
  let checked: ReturnType<typeof validateCsvRows>;
  try {
    checked = validateCsvRows(rows);
  } catch (error) {
    await finish({ status: 'failed', errorDetails: ['The rows could not be read.'] });
    throw error;
  }
  const { properties, errors } = checked;
  if (errors.length) {
    await finish({ status: 'failed', errorCount: errors.length, errorDetails: errors });
    const listed = errors.slice(0, MAX_LISTED_ERRORS).join('\n');
    const more = errors.length > MAX_LISTED_ERRORS ? `\n...and ${errors.length - MAX_LISTED_ERRORS} more` : '';
    throw new AppError(ERROR_CODES.validation, `Nothing was imported. Fix these rows and try again:\n${listed}${more}`, { properties: errors });
  }

  try {
    await withTransaction(deps.pool, async ({ db }) => {
      await assertCanAddProperties(db, account.id, properties.length);
      await q.insertProperties(db, account.id, properties);
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The import failed.';
    await finish({ status: 'failed', errorCount: properties.length, errorDetails: [message] });
    throw error;
  }
  await finish({ status: 'completed', importedCount: properties.length });
  const noun = properties.length === 1 ? 'property' : 'properties';
  return { importId, importedCount: properties.length, message: `Imported ${properties.length} ${noun}.` };
}
