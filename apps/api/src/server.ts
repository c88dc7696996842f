import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseTargetOf, openDatabase } from './db/client.ts';
import { DEMO_SIGN_INS, seedDemo } from './db/seed/demo.ts';
import { createPasswordHasher } from './modules/auth/password-hasher.ts';
import { loadSecretKey, SecretBox, secretKeyFile } from './security/secret-box.ts';

/** `smtp://user:pass@mail.example.com:587` → `mail.example.com:587` (never the credentials). */
function smtpHostOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/** Starts Andes: config → database → migrations → demo seed → app → listen, then one banner. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let secretBox: SecretBox;
  try {
    config = loadConfig(process.env);
    // ANDES_SECRET_KEY, or in the embedded set-up the key file (made on the first start).
    secretBox = new SecretBox([loadSecretKey(config)]);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const database = await openDatabase(databaseTargetOf(config));
  await database.migrate();
  const hasher = createPasswordHasher(config.passwordHashing);
  let seeded = false;
  if (config.demo) seeded = await database.withStartupLock((db) => seedDemo(db, hasher));

  const app = await buildApp({ config, db: database.db, hasher, secretBox });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host;

  const lines = [
    '',
    `Andes is ready at http://${host}:${port}`,
    `  database: ${database.description}${seeded ? ' (demo data created)' : ''}`,
    existsSync(join(config.webDist, 'index.html'))
      ? `  web app:  ${config.webDist}`
      : `  web app:  not built (${config.webDist} has no index.html; \`npm run build\`) — serving the API only`,
    config.secretKey === null
      ? `  secrets:  key in ${secretKeyFile(config.dataDir)} (back it up with the data: MFA secrets cannot be read without it)`
      : '  secrets:  key from ANDES_SECRET_KEY',
    config.mail.smtpUrl === null
      ? '  e-mail:   local outbox (messages are stored and printed to this log, links included)'
      : `  e-mail:   SMTP ${smtpHostOf(config.mail.smtpUrl)} from ${config.mail.from}`,
  ];
  if (config.demo) {
    lines.push('  demo sign-ins:');
    for (const u of Object.values(DEMO_SIGN_INS)) lines.push(`    ${u.username.padEnd(14)} ${u.password.padEnd(16)} ${u.description}`);
  }
  lines.push(`  ready in ${Math.round(performance.now())} ms`, '');
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error('shutdown failed', err);
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error('Andes failed to start:', err);
  process.exit(1);
});
