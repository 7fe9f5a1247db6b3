import type { DbOrTx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { duplicateKey } from '@shared/csv-import';
import { csvImports, properties } from '../../db/schema/index';

export interface ImportRecord {
  organizationId: number;
  filename: string;
  totalRows: number;
  status: 'completed' | 'failed';
  importedCount?: number;
  errorCount?: number;
  errorDetails?: string[];
}

/**
 * An import is recorded once, finished: a completed one in the transaction that inserts its
 * properties, a failed one after the attempt. No row ever says "processing", so a crash in
 * the middle leaves nothing behind but the rolled-back attempt.
 */
export async function insertImportRecord(db: DbOrTx, record: ImportRecord): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(csvImports)
    .values({ ...record, createdAt: now, completedAt: now })
    .returning({ id: csvImports.id });
  return row!.id;
}

/** The duplicate keys of the account's properties (name and first address line, normalised). */
export async function existingPropertyKeys(db: DbOrTx, organizationId: number): Promise<Set<string>> {
  const rows = await db.select({ name: properties.name, addressLine1: properties.addressLine1 }).from(properties).where(eq(properties.organizationId, organizationId));
  return new Set(rows.map(duplicateKey));
}
