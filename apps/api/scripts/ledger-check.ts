/**
 * `npm run ledger:check -w @andes/api [-- --account <id> … --json]`: proves the ledger consistent
 * for an operator (modules/ledger/ledger-check.ts) and prints every violation. Exit code 0 when
 * consistent, 1 when not, 2 for a usage or configuration error.
 *
 * It reads the same configuration as the server (DATABASE_URL, or the embedded PGlite in
 * ANDES_DATA_DIR, default ./data of the folder npm was started from). The embedded database is one
 * process's: stop the server before checking it.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { databaseTargetOf, openDatabase } from '../src/db/client.ts';
import { checkTransactionFigures } from '../src/modules/ledger/figures-check.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';

const HELP = `Usage: npm run ledger:check -w @andes/api [-- options]

Checks that every ledger entry sums to zero per currency, that each account's maintained bucket
balances equal the sums of its postings (and the last balance_after), that no merchant bucket is
negative, that AVAILABLE and OWED are never both non-zero, and that PENDING, ON_HOLD and
DEPOSIT_HELD agree with the scheduled releases and holds. Checking every account, it also checks
that the daily transaction figures equal the transactions' own sums, and the monthly counts the
daily figures (what Home's charts and the lists' totals read).

Options:
  --account <id>   check only this account (repeatable; the figures are not checked); default:
                   every account and the figures
  --json           print the violations as JSON lines
  -h, --help       this text

Database: DATABASE_URL, else the embedded PGlite in ANDES_DATA_DIR (default ./data) — stop the
server first when it is the embedded one.`;

const print = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  let values: { account?: string[]; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { account: { type: 'string', multiple: true }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    print(HELP);
    return 0;
  }
  const accountIds = values.account?.map(Number);
  if (accountIds?.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    console.error('--account takes a whole number (an account id)');
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // It only reads: the key that encrypts MFA secrets is not needed.
    config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd(), { requireSecretKey: false });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const target = databaseTargetOf(config);
  if (target.kind === 'pglite' && target.dataDir !== null && !existsSync(target.dataDir)) {
    console.error(`No embedded database in ${target.dataDir}: start the server once, or set ANDES_DATA_DIR or DATABASE_URL`);
    return 2;
  }
  const database = await openDatabase(target);
  try {
    const [ready] = await database.db
      .select({ ok: sql<boolean>`to_regclass('public.ledger_postings') is not null` })
      .from(sql`(select 1) as one`);
    if (ready?.ok !== true) {
      console.error(`${database.description} has no ledger yet (its migrations were not applied): start the server once`);
      return 2;
    }
    const started = performance.now();
    const ledger = await checkLedger(database.db, accountIds);
    const figures = accountIds ? [] : await checkTransactionFigures(database.db);
    const violations = [...ledger, ...figures];
    const ms = Math.round(performance.now() - started);
    if (values.json) {
      for (const v of violations) print(JSON.stringify(v));
    } else {
      for (const v of violations) print(`${v.kind.padEnd(24)} ${v.message}`);
      const scope = accountIds ? `${accountIds.length} account(s)` : 'all accounts and the transaction figures';
      print(
        violations.length === 0
          ? `Ledger consistent (${scope}, ${database.description}, ${ms} ms).`
          : `${violations.length} violation(s) (${scope}, ${database.description}, ${ms} ms).`,
      );
    }
    return violations.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('ledger check failed:', err);
    process.exit(2);
  },
);
