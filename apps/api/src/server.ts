import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { createPgliteCluster, isNewPgliteDirectory, pgliteDirectoryOf } from './db/pglite-cluster.ts';
import type { PreparedDemoHistory } from './db/seed/demo-history.ts';
import type { PlatformTokenSource } from './modules/platform/service-token.ts';
import { loadSecretKey, SecretBox, secretKeyFile } from './security/secret-box.ts';
import type { Simulator } from './simulator/runner.ts';
import { markSimulated } from './simulator/running.ts';

/** `smtp://user:pass@mail.example.com:587` → `mail.example.com:587` (never the credentials). */
function smtpHostOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/** The banner's line about the ingestion API's token (where it is, never what it is). */
function describePlatformToken(source: PlatformTokenSource): string {
  if (source.kind === 'config') return '/internal/v1 takes the token of ANDES_PLATFORM_TOKEN';
  if (source.kind === 'file') return `/internal/v1 takes the token in ${source.file} (the simulator reads it there)`;
  return '/internal/v1 refuses every call: set ANDES_PLATFORM_TOKEN';
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

  // The first start of the embedded database creates its cluster in a worker thread while this
  // thread loads the rest of the server and plans the demo history (the two longest steps before
  // the history is written); on every start the database opens and is migrated while the rest of
  // the server loads. So the modules below are imported here, not at the top of the file.
  const pgliteDir = config.databaseUrl === null ? pgliteDirectoryOf(config.dataDir) : null;
  const firstStart = pgliteDir !== null && isNewPgliteDirectory(pgliteDir);
  const clusterCreated = firstStart
    ? createPgliteCluster(pgliteDir).catch((err: unknown) => {
        console.error('Creating the embedded database in a worker thread failed; creating it here:', err);
      })
    : undefined;
  const { databaseTargetOf, openDatabase } = await import('./db/client.ts');
  const opened = (async () => {
    await clusterCreated;
    const database = await openDatabase(databaseTargetOf(config));
    await database.migrate();
    return database;
  })();
  // A failure is thrown where it is awaited, below.
  opened.catch(() => undefined);
  const [
    { buildApp },
    { DEMO_SIGN_INS, seedDemo },
    { prepareDemoHistory, seedDemoHistory },
    { seedDemoSupport },
    { createPasswordHasher },
    { readOrCreateTokenFile, setUpPlatformToken },
    { startSimulator },
  ] = await Promise.all([
    import('./app.ts'),
    import('./db/seed/demo.ts'),
    import('./db/seed/demo-history.ts'),
    import('./db/seed/demo-support.ts'),
    import('./modules/auth/password-hasher.ts'),
    import('./modules/platform/service-token.ts'),
    import('./simulator/runner.ts'),
  ]);
  const historyWanted = config.demo && config.platform.demoHistory > 0;
  let prepared: PreparedDemoHistory | undefined;
  if (firstStart && historyWanted) prepared = prepareDemoHistory({ transactions: config.platform.demoHistory });
  const database = await opened;
  const hasher = createPasswordHasher(config.passwordHashing);
  let seeded = false;
  if (config.demo) seeded = await database.withStartupLock((db) => seedDemo(db, hasher));
  let history = '';
  if (historyWanted) {
    const result = await database.withStartupLock((db) =>
      seedDemoHistory(db, { transactions: config.platform.demoHistory, prepared, log: (line) => console.log(line) }),
    );
    if (result.created)
      history = `, ${result.transactions.toLocaleString('en-US')} transactions of history in ${(result.totalMs / 1000).toFixed(1)} s`;
  }
  // The demo's support cases (docs/decisions/0029), after the history: one is about a pay-in of it.
  if (config.demo) await database.withStartupLock((db) => seedDemoSupport(db));
  const platformToken = await setUpPlatformToken(database.db, config, new Date());

  const app = await buildApp({ config, db: database.db, hasher, secretBox });
  // The demo's payment links (docs/decisions/0035): sealed with this installation's key, the paid one through the ingestion.
  if (config.demo) {
    const { seedDemoPaymentLinks } = await import('./db/seed/demo-payment-links.ts');
    await database.withStartupLock((db) =>
      seedDemoPaymentLinks({ db, clock: app.andes.clock, secretBox, blobs: app.andes.blobs, log: app.log }),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host;

  // The stand-in payment platform, in demo mode: it speaks only the ingestion API, over HTTP.
  const simulatorToken = config.platform.token ?? (config.databaseUrl === null ? readOrCreateTokenFile(config.dataDir) : null);
  let simulator: Simulator | null = null;
  if (config.platform.simulator && simulatorToken !== null) {
    const loopback = config.host === '::1' ? '[::1]' : '127.0.0.1';
    simulator = startSimulator({
      baseUrl: `http://${loopback}:${port}`,
      token: simulatorToken,
      ratePerSecond: config.platform.simulatorRate,
      log: (line) => app.log.info({ simulator: true }, line),
    });
    // Payment links' public pages say that the simulator plays the provider's checkout (docs/decisions/0035).
    markSimulated(app);
  }

  const lines = [
    '',
    `Andes is ready at http://${host}:${port}`,
    `  database: ${database.description}${seeded ? ` (demo data created${history})` : ''}`,
    existsSync(join(config.webDist, 'index.html'))
      ? `  web app:  ${config.webDist}`
      : `  web app:  not built (${config.webDist} has no index.html; \`npm run build\`) — serving the API only`,
    config.secretKey === null
      ? `  secrets:  key in ${secretKeyFile(config.dataDir)} (back it up with the data: MFA secrets cannot be read without it)`
      : '  secrets:  key from ANDES_SECRET_KEY',
    `  files:    ${app.andes.blobs.description}${config.s3 === null && config.databaseUrl !== null ? ' (one process only: set ANDES_S3_BUCKET for several)' : ''}`,
    config.mail.smtpUrl === null
      ? '  e-mail:   local outbox (messages are stored and printed to this log, links included)'
      : `  e-mail:   SMTP ${smtpHostOf(config.mail.smtpUrl)} from ${config.mail.from}`,
    `  platform: ${describePlatformToken(platformToken)}`,
    simulator
      ? `  simulator: on, about ${config.platform.simulatorRate} events/s (ANDES_SIMULATOR=false turns it off; \`npm run simulate\` runs it alone)`
      : '  simulator: off',
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
      await simulator?.stop();
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
