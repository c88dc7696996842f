import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import { CATALOGUE } from './catalogue.ts';
import type { Holder, TransactionKind } from './lifecycle.ts';

/**
 * Whom the simulator trades for: merchants and sub-merchants, each in some countries. Every
 * target takes pay-ins. Top-level merchants also pay out and (where the catalogue has a
 * marketplace) buy marketplace orders, funded through their global account; sub-merchants have
 * no global account, so the platform cannot fund their payout accounts and they only collect.
 */
export interface SimTarget {
  merchantCode: string;
  subMerchantCode?: string;
  countries: readonly Country[];
  /** Relative share of the traffic. */
  weight: number;
}

/** The demo seed's merchants (apps/api/src/db/seed/demo.ts) and their areas. */
export const DEFAULT_TARGETS: readonly SimTarget[] = [
  { merchantCode: 'ANDES-DEMO', countries: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'], weight: 10 },
  { merchantCode: 'ANDES-DEMO', subMerchantCode: 'ANDES-DEMO-BR', countries: ['BR', 'MX'], weight: 3 },
  { merchantCode: 'ANDES-DEMO', subMerchantCode: 'ANDES-DEMO-CO', countries: ['CO', 'CL', 'PE'], weight: 2 },
  { merchantCode: 'CONDOR', countries: ['MX', 'CO'], weight: 3 },
];

export const MERCHANTS_FORMAT =
  'MERCHANT[/SUB_MERCHANT]=CC[,CC…][*WEIGHT] entries separated by ";" (e.g. "ANDES-DEMO=BR,MX;ANDES-DEMO/ANDES-DEMO-BR=BR*2")';

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,63}$/;

/** Parses `--merchants`; throws with a message naming the bad entry. */
export function parseTargets(text: string): SimTarget[] {
  const entries = text
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  if (entries.length === 0) throw new Error(`--merchants is empty; expected ${MERCHANTS_FORMAT}`);
  return entries.map((entry) => {
    const m = /^([^=/]+)(?:\/([^=]+))?=([^*]+)(?:\*(\d+))?$/.exec(entry);
    if (!m) throw new Error(`--merchants entry "${entry}" is not ${MERCHANTS_FORMAT}`);
    const merchantCode = (m[1] ?? '').trim().toUpperCase();
    const sub = m[2]?.trim().toUpperCase();
    if (!CODE.test(merchantCode) || (sub !== undefined && !CODE.test(sub)))
      throw new Error(`--merchants entry "${entry}": a code is like ANDES-DEMO`);
    const countries = (m[3] ?? '').split(',').map((c) => c.trim().toUpperCase());
    for (const c of countries) {
      if (!(COUNTRIES as readonly string[]).includes(c))
        throw new Error(`--merchants entry "${entry}": unknown country ${c} (one of ${COUNTRIES.join(', ')})`);
    }
    const weight = m[4] === undefined ? 1 : Number(m[4]);
    if (weight <= 0) throw new Error(`--merchants entry "${entry}": the weight must be above 0`);
    const target: SimTarget = { merchantCode, countries: [...new Set(countries as Country[])], weight };
    if (sub) target.subMerchantCode = sub;
    return target;
  });
}

/** One holder in one country, with the kinds of transaction it makes and their shares. */
export interface Stream {
  holder: Holder;
  weight: number;
  kinds: readonly { kind: TransactionKind; weight: number }[];
}

/** Share of each kind of transaction in a stream. */
const KIND_WEIGHTS: Readonly<Record<TransactionKind, number>> = { payin: 80, payout: 13, marketplace: 7 };

/** The streams of the targets: each target's weight spread over its countries by their traffic share. */
export function streamsOf(targets: readonly SimTarget[]): Stream[] {
  const streams: Stream[] = [];
  for (const t of targets) {
    const countryTotal = t.countries.reduce((s, c) => s + CATALOGUE[c].weight, 0);
    for (const country of t.countries) {
      const holder: Holder = { merchantCode: t.merchantCode, country };
      if (t.subMerchantCode) holder.subMerchantCode = t.subMerchantCode;
      const kinds: { kind: TransactionKind; weight: number }[] = [{ kind: 'payin', weight: KIND_WEIGHTS.payin }];
      if (!t.subMerchantCode) {
        kinds.push({ kind: 'payout', weight: KIND_WEIGHTS.payout });
        if (CATALOGUE[country].marketplace.length > 0) kinds.push({ kind: 'marketplace', weight: KIND_WEIGHTS.marketplace });
      }
      streams.push({ holder, weight: (t.weight * CATALOGUE[country].weight) / countryTotal, kinds });
    }
  }
  return streams;
}
