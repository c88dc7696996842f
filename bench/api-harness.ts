/**
 * The real API on a bench database, for the benches that time calls (transactions-list.ts,
 * finance.ts): buildApp of apps/api with jobs and the simulator off, real HTTP on an ephemeral port
 * with one keep-alive connection, and signed-in bench users — a role with the codes given in a
 * merchant, a user of it (password hashed with the app's hasher), a session from the app's
 * SessionService. `close()` deletes the users and roles (and so their sessions) and closes it all.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { USER_TYPES } from '@andes/contract/auth/schemas';
import { REFRESH_TOKEN_HEADER, ResultCode, TOKEN_HEADER } from '@andes/contract/common/envelope';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import type {} from '../apps/api/src/http/app-deps.ts';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher.ts';

export interface Session {
  token: string;
}

export interface Answer {
  status: number;
  body: Buffer;
  bytes: number;
  newlines: number;
  ms: number;
  contentType: string;
}

export interface ApiHarness {
  database: Database;
  db: Database['db'];
  app: FastifyInstance;
  /** A pool of its own for the bench's SQL (2 connections). */
  raw: pg.Pool;
  q<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** A signed-in user of a new role holding `codes` in `merchantId` (a sub-merchant user when `subMerchantId` is set). */
  user(merchantId: number, subMerchantId: number | null, codes: readonly string[], label: string): Promise<Session>;
  /** POSTs JSON; resolves when the last byte arrived. A body `keep` refuses is counted, not kept. */
  post(session: Session, path: string, body: unknown, keep?: (contentType: string) => boolean): Promise<Answer>;
  /** POSTs JSON and answers the envelope's data; throws on any other result code. */
  call<T>(session: Session, path: string, body: unknown): Promise<{ ms: number; data: T }>;
  close(): Promise<void>;
}

type AppConfig = ReturnType<typeof loadConfig>;

/** `configure` may change the app's configuration (a bench that lifts a limit to time what is behind it). */
export async function openApiHarness(
  url: string,
  logLevel: 'info' | 'warn' = 'info',
  configure: (config: AppConfig) => AppConfig = (c) => c,
): Promise<ApiHarness> {
  const database = await openDatabase({ kind: 'postgres', url });
  const db = database.db;
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await raw.query<T>(text, params)).rows;

  const base = loadConfig({}, process.cwd());
  const config = configure({
    ...base,
    databaseUrl: url,
    demo: false,
    jobs: false,
    logLevel,
    webDist: '/nonexistent/andes-bench-no-web',
    secretKey: randomBytes(32).toString('base64'),
    platform: { ...base.platform, simulator: false, demoHistory: 0 },
  });
  const nullLog = { write: () => undefined };
  const app: FastifyInstance = await buildApp({ config, db, jobs: false, logStream: nullLog });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the API did not listen on a TCP port');
  const port = address.port;

  const tag = randomBytes(4).toString('hex');
  const created: { users: number[]; roles: number[] } = { users: [], roles: [] };
  const hasher = createPasswordHasher(config.passwordHashing);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  async function user(merchantId: number, subMerchantId: number | null, codes: readonly string[], label: string): Promise<Session> {
    const now = new Date();
    const [role] = await q<{ id: number }>(
      'insert into roles (merchant_id, name, description, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id',
      [merchantId, `Bench ${label} ${tag}${subMerchantId === null ? '' : ` ${subMerchantId}`}`, `bench (${label})`, now],
    );
    if (!role) throw new Error('bench role not created');
    created.roles.push(role.id);
    await q('insert into role_permissions (role_id, code) select $1, unnest($2::text[])', [role.id, [...codes]]);
    const username = `bench.${tag}.${label}.${subMerchantId === null ? 'merchant' : 'sub'}`;
    const [row] = await q<{ id: number }>(
      `insert into users (merchant_id, sub_merchant_id, username, display_name, password_hash, user_type, super_admin, state,
                          must_change_password, password_changed_at, countries, created_at, updated_at)
       values ($1, $2, $3, $3, $4, $5, false, 1, false, $6, null, $6, $6) returning id`,
      [
        merchantId,
        subMerchantId,
        username,
        await hasher.hash(randomBytes(18).toString('base64url')),
        subMerchantId === null ? USER_TYPES.MERCHANT : USER_TYPES.SUB_MERCHANT,
        now,
      ],
    );
    if (!row) throw new Error('bench user not created');
    created.users.push(row.id);
    await q('insert into user_roles (user_id, role_id) values ($1, $2)', [row.id, role.id]);
    const { token } = await app.andes.sessions.create({
      userId: row.id,
      merchantId,
      ip: '127.0.0.1',
      userAgent: 'andes-bench',
      mfaPending: false,
    });
    return { token };
  }

  function post(session: Session, path: string, body: unknown, keep: (contentType: string) => boolean = () => true): Promise<Answer> {
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const start = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, [TOKEN_HEADER]: session.token },
        },
        (res) => {
          const contentType = String(res.headers['content-type'] ?? '');
          // A large body (an export) is counted as it arrives, not kept.
          const kept = keep(contentType);
          const chunks: Buffer[] = [];
          let bytes = 0;
          let newlines = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (kept) chunks.push(c);
            else for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) newlines += 1;
          });
          res.on('end', () => {
            const elapsed = performance.now() - start;
            const fresh = res.headers[REFRESH_TOKEN_HEADER];
            if (typeof fresh === 'string' && fresh !== '') session.token = fresh;
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), bytes, newlines, ms: elapsed, contentType });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function call<T>(session: Session, path: string, body: unknown): Promise<{ ms: number; data: T }> {
    const res = await post(session, path, body);
    const envelope = JSON.parse(res.body.toString('utf8')) as { code: number; message?: string; msg?: string; data: T };
    if (envelope.code !== ResultCode.OK) throw new Error(`${path} answered ${envelope.code}: ${envelope.message ?? envelope.msg ?? ''}`);
    return { ms: res.ms, data: envelope.data };
  }

  async function close(): Promise<void> {
    await app.close();
    if (created.users.length > 0) await q('delete from users where id = any($1::int[])', [created.users]);
    if (created.roles.length > 0) await q('delete from roles where id = any($1::int[])', [created.roles]);
    agent.destroy();
    await raw.end();
    await database.close();
  }

  return { database, db, app, raw, q, user, post, call, close };
}
