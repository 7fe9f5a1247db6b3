import { sql, type SQL } from 'drizzle-orm';

/**
 * A search term as a LIKE pattern over the folded search columns (migration 0020): it matches
 * across case and accents in every script, as src/shared/search-fold.ts defines it. Folded by
 * the database, so the term and the columns are folded by the same function.
 */
export const searchPattern = (term: string): SQL => sql`firemark_search_pattern(${term}::text)`;
