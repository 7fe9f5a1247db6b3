import pg from 'pg';

interface FailedQuery {
  query: string;
  params: unknown[];
}

/**
 * An error as it may be logged. A failed query's error carries its parameters (Drizzle writes
 * them into its message: session token hashes, e-mail addresses) and PostgreSQL's `detail`
 * quotes row values; neither may reach the logs. What stays: the SQL text with its $n
 * placeholders, the SQLSTATE or errno, the driver's message and where it was thrown.
 * Errors that do not come from the database are returned as they are.
 */
export function logSafeError(error: unknown): unknown {
  const chain: object[] = [];
  for (let e = error; typeof e === 'object' && e !== null && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e);
  const failedQuery = chain.find((e): e is FailedQuery => 'query' in e && 'params' in e);
  if (!failedQuery && !chain.some((e) => e instanceof pg.DatabaseError)) return error;

  const outer = chain[0] as Error;
  const driver = chain[chain.length - 1] as Error & { code?: unknown };
  return {
    type: outer.constructor.name,
    message: (driver as object) === failedQuery ? 'Failed query' : driver.message,
    code: driver.code,
    query: failedQuery?.query,
    // The stack's first lines repeat the message, parameters included; only the frames are kept.
    stack: (outer.stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n'),
  };
}

/** One line to store or log about an error (e.g. an outbox row's last_error), without query parameters. */
export function safeErrorMessage(error: unknown): string {
  const safe = logSafeError(error);
  if (safe !== error && typeof safe === 'object' && safe !== null) {
    const { message, code, query } = safe as { message?: string; code?: unknown; query?: string };
    return [message, code ? `(${String(code)})` : '', query ? `in: ${query}` : ''].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}
