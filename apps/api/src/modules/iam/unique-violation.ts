/**
 * True when `error` (or what it wraps: drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique violation (SQLSTATE 23505) of the named index. Both drivers (PGlite, node-postgres) report
 * `code` and `constraint` on their error.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505' && e.constraint === constraint) return true;
    current = e.cause;
  }
  return false;
}
