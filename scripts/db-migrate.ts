// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and exits.
import { openDatabase } from './database';

const database = await openDatabase();
await database.close();
console.log('Migrations applied.');
