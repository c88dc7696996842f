#!/usr/bin/env -S npx tsx
/**
 * `npm run simulate -- --url http://localhost:8080 --rate 5 --duration 10m`: the stand-in payment
 * platform, on its own, against any Andes server (through the ingestion API only).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_TARGETS, MERCHANTS_FORMAT, parseTargets, type SimTarget } from '../src/simulator/merchants.ts';
import { startSimulator, summaryLine } from '../src/simulator/runner.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const HELP = `Usage: npm run simulate -- [options]

Plays the payment platform against an Andes server: pay-ins arrive and settle, payouts move,
refunds and chargebacks happen, and payouts created in the dashboard are picked up and sent.
It speaks only the ingestion API, with the platform's service token.

Options:
  --url URL            Andes server (default http://localhost:8080, or ANDES_URL)
  --token TOKEN        service token (default ANDES_PLATFORM_TOKEN, else the file
                       <ANDES_DATA_DIR or ./data>/platform-token the embedded server writes)
  --rate N             events per second to aim at (default 5)
  --duration D         stop after D: 90s, 10m, 2h (default: until Ctrl-C)
  --merchants LIST     whom to trade for, ${MERCHANTS_FORMAT}
                       (default: ${DEFAULT_TARGETS.map((t) => `${t.merchantCode}${t.subMerchantCode ? `/${t.subMerchantCode}` : ''}=${t.countries.join(',')}`).join(';')})
                       Sub-merchants only collect; top-level merchants also pay out and buy
                       marketplace orders, funded through their global account.
  --concurrency N      requests in flight at most (default 8)
  --seed TEXT          seed of ids and amounts (default: a new one per run)
  -h, --help           this text

Ctrl-C stops cleanly and prints the totals.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${HELP}\n`);
  process.exit(2);
}

/** `90s`, `10m`, `2h`, or a number of seconds → ms. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`--duration "${text}" is not like 90s, 10m or 2h`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  return Math.round(n * (unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000));
}

function tokenFromFile(): string | null {
  const dirs = [process.env.ANDES_DATA_DIR, './data', join(REPO_ROOT, 'data')].filter((d): d is string => !!d && d.trim() !== '');
  for (const dir of dirs) {
    const file = join(resolve(dir), 'platform-token');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  return null;
}

const OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  merchants: { type: 'string' },
  concurrency: { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parse = () => parseArgs({ options: OPTIONS, strict: true });

async function main(): Promise<void> {
  let values: ReturnType<typeof parse>['values'] = {};
  try {
    ({ values } = parse());
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const url = values.url ?? process.env.ANDES_URL ?? 'http://localhost:8080';
  if (!/^https?:\/\/[^/]+/.test(url)) fail(`--url "${url}" is not an http(s) URL`);
  const token = values.token ?? process.env.ANDES_PLATFORM_TOKEN ?? tokenFromFile();
  if (!token)
    fail('No service token: pass --token, set ANDES_PLATFORM_TOKEN, or start the embedded server once (it writes data/platform-token).');
  const rate = Number(values.rate ?? '5');
  if (!(rate > 0 && rate <= 1000)) fail('--rate must be a number of events per second above 0 and at most 1000');
  const concurrency = Number(values.concurrency ?? '8');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) fail('--concurrency must be a whole number from 1 to 64');
  let merchants: SimTarget[] | undefined;
  let durationMs: number | null = null;
  try {
    const m = values.merchants;
    if (m !== undefined) merchants = parseTargets(m);
    const d = values.duration;
    if (d !== undefined) durationMs = parseDuration(d);
  } catch (err) {
    fail((err as Error).message);
  }

  const seed = values.seed;
  const sim = startSimulator({
    baseUrl: url,
    token,
    ratePerSecond: rate,
    concurrency,
    ...(merchants ? { merchants } : {}),
    ...(seed ? { seed } : {}),
  });
  const started = Date.now();
  let finishing = false;
  const finish = async (why: string) => {
    if (finishing) return;
    finishing = true;
    process.stdout.write(`simulator: stopping (${why})…\n`);
    const totals = await sim.stop();
    process.stdout.write(`${summaryLine(`simulator, totals over ${Math.round((Date.now() - started) / 1000)} s`, totals)}\n`);
    process.exit(0);
  };
  process.once('SIGINT', () => void finish('Ctrl-C'));
  process.once('SIGTERM', () => void finish('SIGTERM'));
  if (durationMs !== null) setTimeout(() => void finish(`after ${values.duration}`), durationMs);
}

main().catch((err: unknown) => {
  process.stderr.write(`simulator failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
