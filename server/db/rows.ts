// The rows of a raw SQL statement. Drizzle types `execute` by driver; PGlite and node-postgres both answer
// with `{ rows }`, each row keyed by the statement's column names.

import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';

/** Runs the statement and returns its rows as `T` (the caller names the columns it selects). */
export async function rowsOf<T extends Record<string, unknown>>(tx: Tx, statement: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(statement);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('the database answered a statement without rows');
  }
  return result.rows as T[];
}
