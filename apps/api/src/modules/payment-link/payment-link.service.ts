import { createHash, randomBytes } from 'node:crypto';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import { isImageContentType } from '@andes/contract/common/files';
import { formatCents } from '@andes/contract/common/money';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { parseAmountToCents } from '@andes/contract/common/validators';
import {
  type InstallmentsPlan,
  type InstallmentsPlanCheck,
  type InstallmentsPlanCheckRequest,
  type InstallmentsPlanList,
  type InstallmentsPlanRequest,
  installmentPlan,
  installmentPlans,
  PAYMENT_LINK_APPENDIX_MAX,
  PAYMENT_LINK_BATCH_MAX_ROWS,
  PAYMENT_LINK_PAGE_PATH,
  type PayerLink,
  type PaymentLink,
  type PaymentLinkBatchCheck,
  type PaymentLinkBatchFields,
  type PaymentLinkCancelRequest,
  type PaymentLinkCheckRow,
  type PaymentLinkCountryOptions,
  type PaymentLinkGenerateRequest,
  type PaymentLinkListRequest,
  type PaymentLinkOption,
  type PaymentLinkPage,
  type PaymentLinkProductList,
  type PaymentLinkProductListRequest,
  type PaymentLinkStatus,
} from '@andes/contract/payment-link/schemas';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import type { z } from 'zod';
import { type Clock, HOUR_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { authorisedCountries, requireCountry } from '../../http/country-access.ts';
import { decodeCursor, encodeCursor, keysetPage } from '../../http/keyset-page.ts';
import type { UploadedPart } from '../../http/multipart.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { Mailer, OutgoingMail } from '../../plugins/mail.ts';
import { paragraphMail } from '../../plugins/mail.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { userName } from '../accounting/accounting.repository.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { readBatchFile } from '../batch/batch-reader.ts';
import type { BatchOutcome, BatchRow } from '../batch/batch-spec.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { getFile, STORED_FILE_HEADERS } from '../files/files.service.ts';
import { isUniqueViolation } from '../iam/unique-violation.ts';
import { claimUploads, storeUploads } from '../uploads/uploads.service.ts';
import { type PaymentLinkFileRow, paymentLinkBatchSpec } from './payment-link.batch.ts';
import { LINK_ERROR_MESSAGES, PaymentLinkErrors } from './payment-link.errors.ts';
import {
  cancelLink,
  findBatch,
  findByLinkId,
  findByTokenHash,
  findLink,
  findLinkByRequest,
  insertBatch,
  insertLinks,
  insertManyLinks,
  type LinkWithPayment,
  linkPage,
  linksOfBatch,
  type NewPaymentLink,
  openPayinProducts,
  type PaymentLinkRow,
  referencesUsed,
  requestPayment,
  statusAt,
} from './payment-link.repository.ts';
import { checkLinkTerms, installmentsRefusal, optionOf } from './payment-link.rules.ts';

/**
 * Payment links (issue #15; docs/decisions/0035). A merchant generates a link (one, or a batch
 * file's rows) for an amount in one of its open pay-in products; the payer opens its public page
 * (`/pay/<token>`), chooses to pay, and the provider's checkout takes the payment
 * (the platform contract's claimLinkPayments) and reports it as a pay-in carrying the link's id; the
 * ingestion marks the link PAID (payment-link.repository.ts applyLinkPayment).
 *
 * The token of a URL is 32 random URL-safe characters: stored only as its SHA-256 (the lookup)
 * and sealed with the app's secret box (bound to the link id), so that the merchant sees the URL
 * again in the list while a database read alone never gives a payer's URL.
 */

type GenerateBody = z.output<typeof PaymentLinkGenerateRequest>;
type ListBody = z.output<typeof PaymentLinkListRequest>;
type BatchBody = z.output<typeof PaymentLinkBatchFields>;
type ProductListBody = z.output<typeof PaymentLinkProductListRequest>;

const CURSOR_TAG = 'plink';
const LINK_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `PL` + 16 of [0-9A-Z] from the CSPRNG (bytes above the largest multiple of 36 are drawn again: no bias). */
export function newLinkId(): string {
  let out = 'PL';
  while (out.length < 18) {
    for (const b of randomBytes(24)) {
      if (b < 252 && out.length < 18) out += LINK_ID_ALPHABET[b % 36];
    }
  }
  return out;
}

/** 32 URL-safe characters (192 random bits). */
export const newLinkToken = () => randomBytes(24).toString('base64url');
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const tokenContext = (linkId: string) => `payment_link:${linkId}`;
const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** What a generation writes for one link, before its insert. */
interface LinkDraft {
  productType: string;
  amount: number;
  description: string;
  merchantReference: string;
  expiryHours: number;
  installments: number | null;
  payerEmail: string;
  appendices: UploadedFile[];
}

/** What the checks made of one row of a file: a draft, or why not. */
interface AnalysedRow {
  rowNumber: number;
  draft: LinkDraft | null;
  error: string | null;
}

export interface PaymentLinkServiceDeps {
  db: Db;
  clock: Clock;
  activity: ActivityRecorder;
  mailer: Mailer;
  secretBox: SecretBox;
  blobs: BlobStore;
  publicUrl: string;
  /** True while the built-in simulator plays the provider's checkout for this app. */
  simulated: () => boolean;
}

export class PaymentLinkService {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(private readonly deps: PaymentLinkServiceDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** The public page's address of a token. */
  urlOf(token: string): string {
    return `${this.deps.publicUrl.replace(/\/$/, '')}${PAYMENT_LINK_PAGE_PATH}/${token}`;
  }

  private tokenOf(row: Pick<PaymentLinkRow, 'linkId' | 'tokenSealed'>): string {
    return this.deps.secretBox.open(row.tokenSealed, tokenContext(row.linkId));
  }

  toWire(r: LinkWithPayment, now: Date, token?: string): PaymentLink {
    const l = r.link;
    return {
      id: l.id,
      linkId: l.linkId,
      url: this.urlOf(token ?? this.tokenOf(l)),
      country: l.country as Country,
      currency: l.currency as Currency,
      productType: l.productType as PaymentLink['productType'],
      amount: l.amount,
      description: l.description,
      merchantReference: l.merchantReference,
      installments: l.installments,
      status: statusAt(l, now),
      expiresAt: l.expiresAt.toISOString(),
      createdAt: l.createdAt.toISOString(),
      createdBy: l.createdByName,
      paymentId: r.paymentId,
      paymentTransactionId: r.paymentId === null ? null : l.paidTransactionId,
      paidAt: l.paidAt?.toISOString() ?? null,
      cancelledAt: l.cancelledAt?.toISOString() ?? null,
      appendices: (l.appendices ?? []).map((a) => ({ fileId: a.fileId, name: a.name })),
      batch: l.batchId !== null,
    };
  }

  // ---- options and installments ------------------------------------------------------------------

  /** The options of the caller's holder (the sub-merchant of a sub-merchant user) in the countries. */
  private async optionsIn(auth: AuthContext, countries: readonly Country[]): Promise<Map<Country, PaymentLinkOption[]>> {
    const holderId = auth.scope.subMerchantId ?? auth.scope.merchantId;
    const rows = await openPayinProducts(this.db, holderId, countries);
    const out = new Map<Country, PaymentLinkOption[]>(countries.map((c) => [c, []]));
    for (const r of rows) out.get(r.country as Country)?.push(optionOf(r.country as Country, r));
    return out;
  }

  private async optionsOf(auth: AuthContext, country: Country): Promise<PaymentLinkOption[]> {
    return (await this.optionsIn(auth, [country])).get(country) ?? [];
  }

  async productList(auth: AuthContext, body: ProductListBody): Promise<PaymentLinkProductList> {
    const now = this.clock();
    let countries: Country[];
    if (body.country !== undefined) {
      await requireCountry(this.db, auth, body.country, now);
      countries = [body.country];
    } else {
      countries = await authorisedCountries(this.db, auth);
    }
    const options = await this.optionsIn(auth, countries);
    return {
      list: countries.map(
        (country): PaymentLinkCountryOptions => ({
          country,
          currency: COUNTRY_INFO[country].currency,
          options: options.get(country) ?? [],
        }),
      ),
    };
  }

  async installmentsList(auth: AuthContext, body: InstallmentsPlanRequest): Promise<InstallmentsPlanList> {
    await requireCountry(this.db, auth, body.country, this.clock());
    return { list: installmentPlans(body.country, body.productType, body.amount) };
  }

  async installmentsCheck(auth: AuthContext, body: InstallmentsPlanCheckRequest): Promise<InstallmentsPlanCheck> {
    await requireCountry(this.db, auth, body.country, this.clock());
    const plan = installmentPlan(body.country, body.productType, body.amount, body.count);
    const refusal = installmentsRefusal(body.country, body.productType, body.amount, body.count);
    return { available: refusal === null, plan, reason: refusal?.message ?? null };
  }

  // ---- generation --------------------------------------------------------------------------------

  async uploadAppendix(auth: AuthContext, files: readonly UploadedPart[]): Promise<{ files: UploadedFile[] }> {
    return { files: await storeUploads({ db: this.db, blobs: this.deps.blobs }, auth, files) };
  }

  /**
   * One link, idempotent by the caller's request id: the same id answers the link it made (a
   * concurrent double click too: the request key is unique, the loser reads the winner's link).
   */
  async generate(auth: AuthContext, body: GenerateBody, client: ActivityClient): Promise<PaymentLink> {
    const now = this.clock();
    const seen = await findLinkByRequest(this.db, auth.scope.merchantId, auth.userId, body.requestId);
    if (seen) return this.toWire(seen, now);
    await requireCountry(this.db, auth, body.country, now);
    const option = (await this.optionsOf(auth, body.country)).find((o) => o.productType === body.productType);
    if (!option) throw PaymentLinkErrors.productNotOffered();
    const refused = checkLinkTerms(body.country, option, body.amount, body.installments);
    if (refused?.field === 'amount') throw PaymentLinkErrors.amountOutOfRange(refused.message);
    if (refused) throw PaymentLinkErrors.installments(refused.message);
    const appendices = await claimUploads(this.db, auth, body.appendixFileIds, PAYMENT_LINK_APPENDIX_MAX);
    if (body.merchantReference !== '' && (await referencesUsed(this.db, auth.scope.merchantId, [body.merchantReference])).size > 0) {
      // The link of this very request, made by a concurrent double click meanwhile, uses it: answer that link.
      const raced = await findLinkByRequest(this.db, auth.scope.merchantId, auth.userId, body.requestId);
      if (raced) return this.toWire(raced, now);
      throw PaymentLinkErrors.referenceUsed(body.merchantReference);
    }
    const creatorName = (await userName(this.db, auth.userId)) ?? auth.username;
    const draft: LinkDraft = {
      productType: body.productType,
      amount: body.amount,
      description: body.description,
      merchantReference: body.merchantReference,
      expiryHours: body.expiryHours,
      installments: body.installments ?? null,
      payerEmail: body.payerEmail,
      appendices,
    };
    const { row, token } = this.rowOf(auth, body.country, draft, creatorName, now, { requestId: body.requestId });
    try {
      const { link, mailIds } = await this.db.transaction(async (tx) => {
        const [link] = await insertLinks(tx, [row]);
        if (!link) throw new Error('payment_links insert returned no row');
        await this.deps.activity.record(
          actorContext(auth, client),
          {
            event: 'PAYMENT_LINK_CREATED',
            outcome: 'SUCCESS',
            object: { type: 'PAYMENT_LINK', id: link.linkId, label: link.linkId },
            details: {
              country: body.country,
              productType: body.productType,
              amount: formatCents(body.amount, COUNTRY_INFO[body.country].currency),
              ...(body.merchantReference === '' ? {} : { reference: body.merchantReference }),
            },
          },
          tx,
        );
        const mails = draft.payerEmail === '' ? [] : [this.payerMail(link, token)];
        return { link, mailIds: await this.deps.mailer.queueMany(mails, tx) };
      });
      for (const id of mailIds) this.deps.mailer.dispatch(id);
      return this.toWire({ link, paymentId: null }, now, token);
    } catch (err) {
      const raced = await findLinkByRequest(this.db, auth.scope.merchantId, auth.userId, body.requestId);
      if (raced) return this.toWire(raced, now);
      if (isUniqueViolation(err, 'payment_links_reference_key')) throw PaymentLinkErrors.referenceUsed(body.merchantReference);
      throw err;
    }
  }

  /** The row of a new link and its token in clear (kept only in memory, for the answer and the e-mail). */
  private rowOf(
    auth: AuthContext,
    country: Country,
    d: LinkDraft,
    creatorName: string,
    now: Date,
    origin: { requestId: string } | { batchId: number; rowNumber: number },
  ): { row: NewPaymentLink; token: string } {
    const linkId = newLinkId();
    const token = newLinkToken();
    return {
      token,
      row: {
        linkId,
        tokenHash: tokenHashOf(token),
        tokenSealed: this.deps.secretBox.seal(token, tokenContext(linkId)),
        merchantId: auth.scope.merchantId,
        subMerchantId: auth.scope.subMerchantId,
        country,
        currency: COUNTRY_INFO[country].currency,
        productType: d.productType,
        amount: d.amount,
        description: d.description,
        merchantReference: d.merchantReference,
        expiresAt: new Date(now.getTime() + d.expiryHours * HOUR_MS),
        status: 'ACTIVE',
        installments: d.installments,
        payerEmail: d.payerEmail === '' ? null : d.payerEmail,
        appendices: d.appendices,
        ...('requestId' in origin ? { requestId: origin.requestId } : { batchId: origin.batchId, rowNumber: origin.rowNumber }),
        createdBy: auth.userId,
        createdByName: creatorName,
        createdAt: now,
        updatedAt: now,
      },
    };
  }

  /** The payer's e-mail: plain paragraphs with the link (sent after the link's transaction commits). */
  private payerMail(
    link: Pick<NewPaymentLink, 'payerEmail' | 'currency' | 'amount' | 'description' | 'expiresAt'>,
    token: string,
  ): OutgoingMail {
    const currency = link.currency as Currency;
    return paragraphMail(link.payerEmail ?? '', `Payment link: ${link.description}`, [
      'Hello,',
      `You have been sent a payment link for ${formatCents(link.amount, currency, { symbol: false })} ${currency}: ${link.description}.`,
      `Pay here: ${this.urlOf(token)}`,
      `The link expires at ${link.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
      'If you did not expect this message, you can ignore it.',
    ]);
  }

  // ---- list and cancel ---------------------------------------------------------------------------

  async page(auth: AuthContext, body: ListBody): Promise<PaymentLinkPage> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    const beforeId = body.cursor === undefined ? undefined : decodeCursor(CURSOR_TAG, body.cursor, 1)[0];
    const { rows, counted } = await linkPage(
      this.db,
      auth.scope,
      { country: body.country, status: body.status, keyword: body.keyword, now },
      beforeId,
      body.pageSize + 1,
      MAX_EXACT_TOTAL + 1,
    );
    return keysetPage(
      rows,
      body.pageSize,
      counted,
      (r) => this.toWire(r, now),
      (last) => encodeCursor(CURSOR_TAG, [last.link.id]),
    );
  }

  /** Cancels an active link of the caller's scope; a clear refusal says why it cannot be. */
  async cancel(auth: AuthContext, body: PaymentLinkCancelRequest, client: ActivityClient): Promise<PaymentLink> {
    const now = this.clock();
    const found = await findLink(this.db, auth.scope, body.id);
    if (!found) throw PaymentLinkErrors.notFound();
    await requireCountry(this.db, auth, found.link.country as Country, now);
    const cancelled = await this.db.transaction(async (tx) => {
      const row = await cancelLink(tx, auth.scope, body.id, now);
      if (!row) return null;
      await this.deps.activity.record(
        actorContext(auth, client),
        {
          event: 'PAYMENT_LINK_CANCELLED',
          outcome: 'SUCCESS',
          object: { type: 'PAYMENT_LINK', id: row.linkId, label: row.linkId },
          details: { country: row.country },
        },
        tx,
      );
      return row;
    });
    if (!cancelled) {
      const current = (await findLink(this.db, auth.scope, body.id))?.link ?? found.link;
      refuseEnded(statusAt(current, now));
      throw PaymentLinkErrors.paymentInProgress();
    }
    return this.toWire({ link: cancelled, paymentId: null }, now);
  }

  // ---- batch -------------------------------------------------------------------------------------

  /** The spec of a country's file for the caller (their products as the drop-down), once they may see the country. */
  async fileSpec(auth: AuthContext, country: Country) {
    await requireCountry(this.db, auth, country, this.clock());
    return paymentLinkBatchSpec(country, await this.optionsOf(auth, country));
  }

  /** Each valid row's draft, or why not: a reference twice in the file, or used by a link already. */
  private async analyse(auth: AuthContext, valid: readonly ValidRow[]): Promise<AnalysedRow[]> {
    const used = await referencesUsed(
      this.db,
      auth.scope.merchantId,
      valid.map((r) => r.result.value.merchantReference),
    );
    const firstRowOf = new Map<string, number>();
    return valid.map((r) => {
      const v = r.result.value;
      const ref = v.merchantReference;
      if (ref !== '') {
        const first = firstRowOf.get(ref);
        if (first !== undefined) return { rowNumber: r.rowNumber, draft: null, error: LINK_ERROR_MESSAGES.referenceTwice(ref, first) };
        firstRowOf.set(ref, r.rowNumber);
        if (used.has(ref)) return { rowNumber: r.rowNumber, draft: null, error: LINK_ERROR_MESSAGES.referenceUsed(ref) };
      }
      return {
        rowNumber: r.rowNumber,
        error: null,
        draft: {
          productType: v.productType,
          amount: v.amount,
          description: v.description,
          merchantReference: ref,
          expiryHours: v.expiryHours,
          installments: v.installments,
          payerEmail: v.payerEmail,
          appendices: [],
        },
      };
    });
  }

  /** `batch/check`: every row's errors and the valid rows' total, as JSON; nothing is written. */
  async checkFile(auth: AuthContext, body: BatchBody, file: UploadedPart): Promise<PaymentLinkBatchCheck> {
    const spec = await this.fileSpec(auth, body.country);
    const rows = await readBatchFile(spec, file);
    const valid = rows.filter(isValid);
    const byRow = new Map((await this.analyse(auth, valid)).map((a) => [a.rowNumber, a]));
    const checkRows: PaymentLinkCheckRow[] = [];
    let ok = 0;
    let amount = 0;
    for (const r of rows) {
      const a = byRow.get(r.rowNumber);
      if (a?.draft) {
        ok += 1;
        amount += a.draft.amount;
        continue;
      }
      checkRows.push({
        rowNumber: r.rowNumber,
        productType: r.cells.productType ?? '',
        description: r.cells.description ?? '',
        amount: r.result.ok ? r.result.value.amount : parseAmountToCents(r.cells.amount ?? ''),
        errors: r.result.ok ? [a?.error ?? ''] : [...r.result.errors],
      });
    }
    return {
      fileName: file.name,
      total: rows.length,
      ok,
      failed: rows.length - ok,
      amount,
      rows: checkRows,
      maxRows: PAYMENT_LINK_BATCH_MAX_ROWS,
    };
  }

  /**
   * `batch/generate` (through the batch tool): a dry run answers each row's outcome and makes
   * nothing; otherwise every valid row becomes a link, all in one database transaction (a few
   * multi-row INSERTs), idempotent by the request id: the same id and file answer the links made
   * the first time.
   */
  async processFile(
    auth: AuthContext,
    body: BatchBody,
    valid: readonly ValidRow[],
    file: { name: string; content: Buffer },
    client: ActivityClient,
  ): Promise<ReadonlyMap<number, BatchOutcome>> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    if (body.dryRun) {
      const outcomes = new Map<number, BatchOutcome>();
      for (const a of await this.analyse(auth, valid)) {
        outcomes.set(a.rowNumber, a.error !== null ? { ok: false, error: a.error } : { ok: true, values: { linkId: '', url: '' } });
      }
      return outcomes;
    }
    if (body.requestId === undefined) throw PaymentLinkErrors.requestIdRequired();
    const requestId = body.requestId;
    const requestHash = sha256(`${body.country}|`, file.content);
    const firstOutcome = async (): Promise<ReadonlyMap<number, BatchOutcome> | null> => {
      const seen = await findBatch(this.db, auth.scope.merchantId, auth.userId, requestId);
      if (!seen) return null;
      if (seen.requestHash !== requestHash) throw PaymentLinkErrors.requestReused();
      const links = new Map((await linksOfBatch(this.db, seen.id)).map((l) => [l.rowNumber, l]));
      const outcomes = new Map<number, BatchOutcome>();
      for (const r of valid) {
        const link = links.get(r.rowNumber);
        outcomes.set(
          r.rowNumber,
          link
            ? { ok: true, values: { linkId: link.linkId, url: this.urlOf(this.tokenOf(link)) } }
            : { ok: false, error: LINK_ERROR_MESSAGES.notGenerated },
        );
      }
      return outcomes;
    };
    const before = await firstOutcome();
    if (before) return before;
    const analysed = await this.analyse(auth, valid);
    const outcomes = new Map<number, BatchOutcome>();
    for (const a of analysed) if (a.error !== null) outcomes.set(a.rowNumber, { ok: false, error: a.error });
    const drafts = analysed.filter((a): a is AnalysedRow & { draft: LinkDraft } => a.draft !== null);
    if (drafts.length === 0) {
      // Every reference used: perhaps by this very request, made meanwhile by a concurrent retry.
      const raced = await firstOutcome();
      if (raced) return raced;
      throw PaymentLinkErrors.noValidRows();
    }
    const creatorName = (await userName(this.db, auth.userId)) ?? auth.username;
    try {
      const { made, mailIds } = await this.db.transaction(async (tx) => {
        const batch = await insertBatch(tx, {
          merchantId: auth.scope.merchantId,
          subMerchantId: auth.scope.subMerchantId,
          country: body.country,
          requestId,
          requestHash,
          fileName: file.name,
          rowCount: drafts.length,
          createdBy: auth.userId,
          createdAt: now,
        });
        const built = drafts.map((a) => ({
          rowNumber: a.rowNumber,
          ...this.rowOf(auth, body.country, a.draft, creatorName, now, { batchId: batch.id, rowNumber: a.rowNumber }),
        }));
        await insertManyLinks(
          tx,
          built.map((b) => b.row),
        );
        const made = built.map((b) => ({ row: b.row, token: b.token }));
        const total = drafts.reduce((s, a) => s + a.draft.amount, 0);
        await this.deps.activity.record(
          actorContext(auth, client),
          {
            event: 'PAYMENT_LINK_CREATED',
            outcome: 'SUCCESS',
            object: { type: 'PAYMENT_LINK', id: `batch-${batch.id}`, label: file.name },
            details: {
              country: body.country,
              count: String(made.length),
              amount: formatCents(total, COUNTRY_INFO[body.country].currency),
            },
          },
          tx,
        );
        const mails = made.filter((m) => m.row.payerEmail != null).map((m) => this.payerMail(m.row, m.token));
        return { made, mailIds: await this.deps.mailer.queueMany(mails, tx) };
      });
      for (const id of mailIds) this.deps.mailer.dispatch(id);
      for (const m of made) {
        outcomes.set(m.row.rowNumber as number, { ok: true, values: { linkId: m.row.linkId, url: this.urlOf(m.token) } });
      }
      return outcomes;
    } catch (err) {
      const raced = await firstOutcome();
      if (raced) return raced;
      if (isUniqueViolation(err, 'payment_links_reference_key')) {
        throw PaymentLinkErrors.referenceUsed('of a row');
      }
      throw err;
    }
  }

  // ---- the payer's page (public) ------------------------------------------------------------------

  private async byToken(token: string) {
    const found = await findByTokenHash(this.db, tokenHashOf(token));
    if (!found) throw PaymentLinkErrors.linkNotFound();
    return found;
  }

  private payerView(link: PaymentLinkRow, merchantName: string, now: Date): PayerLink {
    const country = link.country as Country;
    const plan: InstallmentsPlan | null =
      link.installments === null
        ? null
        : installmentPlan(country, link.productType as PaymentLink['productType'], link.amount, link.installments);
    return {
      merchantName,
      country,
      currency: link.currency as Currency,
      productType: link.productType as PaymentLink['productType'],
      amount: link.amount,
      description: link.description,
      installments: plan,
      status: statusAt(link, now),
      expiresAt: link.expiresAt.toISOString(),
      paidAt: link.paidAt?.toISOString() ?? null,
      appendices: (link.appendices ?? []).map((a) => ({ fileId: a.fileId, name: a.name })),
      payment: link.status === 'ACTIVE' ? link.paymentState : null,
      simulated: this.deps.simulated(),
    };
  }

  async payerQuery(token: string): Promise<PayerLink> {
    const found = await this.byToken(token);
    return this.payerView(found.link, found.merchantName, this.clock());
  }

  /** The payer chooses to pay: PENDING, offered to the provider; a repeat while pending changes nothing. */
  async payerPay(token: string): Promise<PayerLink> {
    const now = this.clock();
    const found = await this.byToken(token);
    const refuse = (link: PaymentLinkRow) => refuseEnded(statusAt(link, now));
    refuse(found.link);
    if (found.link.paymentState === 'PENDING') return this.payerView(found.link, found.merchantName, now);
    const updated = await requestPayment(this.db, found.link.id, now);
    if (updated) return this.payerView(updated, found.merchantName, now);
    // Changed meanwhile (paid, cancelled, or another click made it PENDING): answer what it is now.
    const again = await this.byToken(token);
    refuse(again.link);
    return this.payerView(again.link, again.merchantName, now);
  }

  async payerAppendix(token: string, fileId: string): Promise<BinaryFile> {
    const found = await this.byToken(token);
    const appendix = (found.link.appendices ?? []).find((a) => a.fileId === fileId);
    const file = appendix ? await getFile(this.db, this.deps.blobs, found.link.merchantId, fileId) : null;
    if (!appendix || !file) throw PaymentLinkErrors.appendixNotFound();
    return {
      filename: appendix.name,
      contentType: file.contentType,
      body: file.content,
      disposition: isImageContentType(file.contentType) ? 'inline' : 'attachment',
      headers: STORED_FILE_HEADERS,
    };
  }
}

/** Refuses a link that has ended — paid, expired or cancelled — with the sentence that says which. */
function refuseEnded(status: PaymentLinkStatus): void {
  if (status === 'PAID') throw PaymentLinkErrors.alreadyPaid();
  if (status === 'EXPIRED') throw PaymentLinkErrors.expired();
  if (status === 'CANCELLED') throw PaymentLinkErrors.cancelled();
}

type ValidRow = BatchRow<PaymentLinkFileRow> & { result: { ok: true; value: PaymentLinkFileRow } };
const isValid = (r: BatchRow<PaymentLinkFileRow>): r is ValidRow => r.result.ok;

/**
 * The link of a payment-link payment, for its transaction's detail: the merchant's own link of
 * that id, or null (links the platform made elsewhere, like the demo history's `PL…` ids).
 */
export async function paymentLinkOfTransaction(
  db: Db,
  merchantId: number,
  paymentLinkId: string | null,
): Promise<TransactionDetail['paymentLink']> {
  if (paymentLinkId === null) return null;
  const link = await findByLinkId(db, merchantId, paymentLinkId);
  if (!link) return null;
  const plan =
    link.installments === null
      ? null
      : installmentPlan(link.country as Country, link.productType as PaymentLink['productType'], link.amount, link.installments);
  return {
    linkId: link.linkId,
    description: link.description,
    merchantReference: link.merchantReference,
    amount: link.amount,
    installments: plan ? { count: plan.count, installmentAmount: plan.installmentAmount, firstAmount: plan.firstAmount } : null,
    createdAt: link.createdAt.toISOString(),
  };
}
