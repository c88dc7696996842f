import { createHash, randomBytes } from 'node:crypto';
import { login } from '@andes/contract/auth/endpoints';
import { USER_TYPES } from '@andes/contract/auth/schemas';
import type { Country, Currency } from '@andes/contract/common/countries';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import type { ProductType } from '@andes/contract/common/enums';
import { closePermissions, type PermissionCode } from '@andes/contract/permissions/registry';
import type { PlatformEventInput, TransactionCreatedData } from '@andes/contract/platform/schemas';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { accounts } from '../../src/db/schema/ledger.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { createPasswordHasher } from '../../src/modules/auth/password-hasher.ts';
import { type Envelope, envelope, post, signIn, type TestApp } from '../helper.ts';
import { type EventFactory, merchantId, sendEvent } from '../ledger/support.ts';
import { parseCsv } from '../transaction-files/export-fixtures.ts';

/**
 * Helpers of the finance, report and sub-account tests: money moved through the platform's
 * ingestion API (so every figure comes from what the events imply), users holding exactly the codes
 * a test needs, and calls through the contract's endpoints.
 */

export const PASSWORD = 'Quetzal-Harbor-4729';

/** A call of a JSON endpoint: the envelope. */
export async function callJson<T>(t: TestApp, endpoint: Endpoint, body: unknown, token: string): Promise<Envelope<T>> {
  return envelope<T>(await post(t.app, endpoint.path, body, { token }));
}

/** A call of a binary endpoint: the raw answer. */
export function callFile(t: TestApp, endpoint: Endpoint, body: unknown, token: string): Promise<LightMyRequestResponse> {
  return post(t.app, endpoint.path, body, { token });
}

let users_ = 0;

/**
 * A user of a merchant (or of one of its sub-merchants) holding exactly `codes` (closed over their
 * ancestors and dependencies, as roles are stored), signed in; its session token.
 */
export async function userWith(
  t: TestApp,
  codes: readonly PermissionCode[],
  options: { merchant?: string; subMerchant?: string; countries?: Country[] | null } = {},
): Promise<string> {
  users_ += 1;
  const merchant = await merchantId(t.db, options.merchant ?? 'ANDES-DEMO');
  const sub = options.subMerchant === undefined ? null : await merchantId(t.db, options.subMerchant);
  const now = t.clock();
  const [role] = await t.db
    .insert(roles)
    .values({ merchantId: merchant, name: `finance-test-${users_}-${randomBytes(3).toString('hex')}`, createdAt: now, updatedAt: now })
    .returning({ id: roles.id });
  if (!role) throw new Error('role not written');
  await t.db.insert(rolePermissions).values([...closePermissions(codes)].map((code) => ({ roleId: role.id, code })));
  const username = `finance.user${users_}.${randomBytes(3).toString('hex')}`;
  const hash = await createPasswordHasher(t.config.passwordHashing).hash(PASSWORD);
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      subMerchantId: sub,
      username,
      displayName: username,
      email: `${username}@finance.test`,
      passwordHash: hash,
      userType: sub === null ? USER_TYPES.MERCHANT : USER_TYPES.SUB_MERCHANT,
      superAdmin: false,
      state: 1,
      mustChangePassword: false,
      passwordChangedAt: now,
      countries: options.countries ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not written');
  await t.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const res = envelope<{ token: string }>(await post(t.app, login.path, { username, password: PASSWORD }));
  if (res.code !== 200) throw new Error(`sign-in of ${username}: ${res.code} ${res.msg}`);
  return res.data.token;
}

export async function adminOf(t: TestApp, who: 'admin' | 'condor' = 'admin'): Promise<string> {
  return signIn(t.app, login.path, who);
}

/** Sends events; throws at the first refused one. */
export async function send(t: TestApp, ...events: PlatformEventInput[]): Promise<void> {
  for (const e of events) {
    const ack = await sendEvent(t.app, e);
    if (ack.code !== 200) throw new Error(`${e.type} ${e.eventId}: ${ack.code} ${ack.msg}`);
  }
}

/** An event at an exact instant (the factory's events are a minute apart from its start). */
export function at<E extends PlatformEventInput>(event: E, instant: string | Date): E {
  return { ...event, occurredAt: typeof instant === 'string' ? instant : instant.toISOString() };
}

export interface PayinSpec {
  amount: number;
  fee?: number;
  vat?: number;
  country?: Country;
  currency?: Currency;
  productType?: ProductType;
  /** The sub-merchant's code; the merchant's own account without. */
  subMerchantCode?: string;
  merchantCode?: string;
  /** When it settled (default: the factory's next minute). */
  settledAt?: string;
  extra?: Partial<TransactionCreatedData>;
}

const LOCAL: Readonly<Partial<Record<Country, { currency: Currency; productType: ProductType }>>> = {
  BR: { currency: 'BRL', productType: 'PIX' },
  MX: { currency: 'MXN', productType: 'SPEI' },
  CO: { currency: 'COP', productType: 'PSE' },
  CL: { currency: 'CLP', productType: 'CL_BANK_TRANSFER' },
  US: { currency: 'USD', productType: 'CARD' },
};

/** A pay-in created and settled through the ingestion API; its unique id. */
export async function settledPayin(t: TestApp, f: EventFactory, spec: PayinSpec): Promise<string> {
  const country = spec.country ?? 'BR';
  const local = LOCAL[country] ?? { currency: spec.currency ?? 'BRL', productType: 'CARD' };
  const uniqueId = f.uniqueId('pay');
  const created = f.created(
    {
      uniqueId,
      amount: spec.amount,
      country,
      currency: spec.currency ?? local.currency,
      productType: spec.productType ?? local.productType,
      ...(spec.subMerchantCode ? { subMerchantCode: spec.subMerchantCode } : {}),
      ...spec.extra,
    },
    spec.merchantCode,
  );
  const settled = f.settled(uniqueId, { fee: spec.fee ?? 0, vat: spec.vat ?? 0 }, spec.merchantCode);
  if (spec.settledAt !== undefined) {
    await send(t, at(created, new Date(Date.parse(spec.settledAt) - 60_000)), at(settled, spec.settledAt));
  } else await send(t, created, settled);
  return uniqueId;
}

/** The id of a holder's local account (null until its first movement). */
export async function accountIdOf(t: TestApp, holderCode: string, country: Country, accountType: 'PAY_IN' | 'PAY_OUT' | 'MARKET_PLACE') {
  const [holder] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, holderCode));
  const [row] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.holderId, holder?.id ?? -1),
        eq(accounts.country, country),
        eq(accounts.accountType, accountType),
      ),
    );
  return row?.id ?? null;
}

/** Sets the merchant's `subMerchantDividedBill`. */
export async function setDividedBill(t: TestApp, code: string, divided: boolean): Promise<void> {
  await t.db.update(merchants).set({ subMerchantDividedBill: divided }).where(eq(merchants.code, code));
}

/**
 * A finance CSV cut into its parts: the heading lines, the column header and the data lines (as
 * written, with CRLF: the trailer hashes them), the closing lines, and the trailer — parts
 * separated by a blank line.
 */
export function csvParts(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const blocks = body.slice(1).split('\r\n\r\n');
  const lines = (block: string | undefined) => (block ?? '').split('\r\n').filter((l) => l !== '');
  const [heading, table, ...rest] = blocks;
  const [header, ...data] = lines(table);
  const trailer = lines(rest.at(-1));
  const closing = rest.length > 1 ? lines(rest[0]) : [];
  return {
    heading: parseCsv(`${lines(heading).join('\r\n')}\r\n`),
    header: parseCsv(`${header ?? ''}\r\n`)[0] ?? [],
    dataLines: data,
    rows: data.length === 0 ? [] : parseCsv(`${data.join('\r\n')}\r\n`),
    closing: closing.length === 0 ? [] : parseCsv(`${closing.join('\r\n')}\r\n`),
    trailer: parseCsv(`${trailer.join('\r\n')}\r\n`),
    sha256: createHash('sha256')
      .update(data.map((l) => `${l}\r\n`).join(''), 'utf8')
      .digest('hex'),
  };
}

/** The sheets of an XLSX as arrays of cell values (row by row, without exceljs' empty first cell). */
export async function xlsxSheets(payload: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    out[sheet.name] = rows;
  }
  return out;
}
