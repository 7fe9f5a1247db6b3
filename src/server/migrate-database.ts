import type { Db } from './db/client';
import { runMigrations } from './db/migrate';
import { followCodeSetEditions } from './modules/requirements/code-set-editions';
import { moveRequirementsToCodeSets } from './modules/requirements/code-set-migration';
import { syncLibrary } from './modules/requirements/library/sync-library';

/**
 * The schema's migrations, then the data that follows them, all under the migration lock: the
 * requirement library (data kept in code, decision 036), written once the schema it needs is
 * there, the requirements of properties a migration moved to another code set, and those
 * copied before their set's rows followed its edition. The
 * database layer stays free of feature modules; this is what start-up and the tests call.
 */
export async function migrateDatabase(db: Db, log?: (message: string) => void, alsoUnderLock: () => Promise<void> = async () => undefined): Promise<void> {
  await runMigrations(db, log, async () => {
    await syncLibrary(db);
    await moveRequirementsToCodeSets(db);
    await followCodeSetEditions(db);
    await alsoUnderLock();
  });
}
