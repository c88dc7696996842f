import { existsSync } from 'node:fs';

/** Launch flags for Chromium on a machine with no network but loopback (CONVENTIONS §2). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's (Debian's package),
 * else the one shipped inside the @sparticuz/chromium npm package, so `npm test` works on a machine
 * that has only Node and npm.
 */
export async function chromiumExecutable(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(p)) return p;
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
