import { z } from 'zod';
import {
  IP_ENTRY_MAX_LENGTH,
  IP_TRUSTLIST_INPUT_MAX_LENGTH,
  IP_TRUSTLIST_MAX_ENTRIES,
  IP_TRUSTLIST_MIN_PREFIX_IPV4,
  IP_TRUSTLIST_MIN_PREFIX_IPV6,
} from './constants.ts';
import { type IpEntryKind, IpEntryKindSchema, type IpVersion, IpVersionSchema } from './enums.ts';
import { text } from './fields.ts';

/**
 * IP trust-list input (spec §3, §5): a comma-separated list of entries, each a single address or
 * a CIDR block, IPv4 or IPv6. Parsing is strict and the output normalised, so the same range is
 * always stored and compared as the same text:
 *
 * - IPv4 is dotted decimal without leading zeros (`01.2.3.4` is refused: some parsers read it as
 *   octal). IPv6 is written in RFC 5952 canonical form (lower case, no leading zeros, the longest
 *   run of two or more zero groups — the first on a tie — as `::`); IPv4-mapped addresses
 *   (`::ffff:0:0/96`) keep the mixed notation `::ffff:1.2.3.4`.
 * - A block is `network/prefix`. A block with host bits set (`10.0.0.1/8`) is refused with a
 *   message naming the network to use (`10.0.0.0/8`): silently widening what a person typed is
 *   not something a security setting should do. A full-length prefix (`/32`, `/128`) is a single
 *   address and stored as one.
 * - Zone ids (`fe80::1%eth0`) are refused: they name a local interface, never a client.
 * - Blocks wider than /8 (IPv4) or /32 (IPv6) are refused (`0.0.0.0/0` would trust everyone).
 *
 * Comparison happens in one 128-bit space where IPv4 `a.b.c.d` is `::ffff:a.b.c.d` (how a
 * dual-stack server sees an IPv4 client), so `1.2.3.4` and `::ffff:1.2.3.4` are the same address.
 * The code uses BigInt only, no platform API: the browser and the server run it alike.
 */

const IPV4_BITS = 32;
const IPV6_BITS = 128;
/** `::ffff:0:0`, the start of the IPv4-mapped range `::ffff:0:0/96`. */
const IPV4_MAPPED_BASE = 0xffffn << 32n;
const IPV4_MAPPED_PREFIX = 96;

/** An address: a 32-bit value for IPv4, a 128-bit value for IPv6. */
export interface IpAddress {
  version: IpVersion;
  value: bigint;
}

/** A normalised trust-list entry (spec §3 IP trustlist entry). */
export interface IpEntry {
  /** The canonical text: `1.2.3.4`, `10.0.0.0/8`, `2001:db8::/32`, `::ffff:1.2.3.4`. */
  value: string;
  kind: IpEntryKind;
  version: IpVersion;
}

export const IpEntrySchema = z.object({
  value: z.string(),
  kind: IpEntryKindSchema,
  version: IpVersionSchema,
});

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** Why an entry or the whole input was refused; the web translates by code (`ip:error.<code>`) with `params`. */
export const IP_INPUT_ERROR_CODES = [
  'EMPTY_INPUT',
  'INPUT_TOO_LONG',
  'TOO_MANY_ENTRIES',
  'EMPTY_ENTRY',
  'ENTRY_TOO_LONG',
  'SEPARATOR',
  'INVALID',
  'IPV4_PART_RANGE',
  'IPV4_LEADING_ZERO',
  'IPV6_INVALID',
  'ZONE_ID',
  'PREFIX_INVALID',
  'PREFIX_RANGE',
  'HOST_BITS',
  'TOO_BROAD',
] as const;
export type IpInputErrorCode = (typeof IP_INPUT_ERROR_CODES)[number];

export interface IpInputError {
  code: IpInputErrorCode;
  /** English text, complete on its own. */
  message: string;
  /** Values the message names (for translations). */
  params: Record<string, string>;
}

function fail(code: IpInputErrorCode, message: string, params: Record<string, string> = {}): IpInputError {
  return { code, message, params };
}

const errors = {
  emptyInput: () => fail('EMPTY_INPUT', 'Please enter at least one IP address or CIDR block'),
  inputTooLong: () =>
    fail('INPUT_TOO_LONG', `The list is too long: at most ${IP_TRUSTLIST_INPUT_MAX_LENGTH} characters`, {
      max: String(IP_TRUSTLIST_INPUT_MAX_LENGTH),
    }),
  tooMany: (count: number) =>
    fail('TOO_MANY_ENTRIES', `At most ${IP_TRUSTLIST_MAX_ENTRIES} IP addresses or blocks per list (${count} entered)`, {
      max: String(IP_TRUSTLIST_MAX_ENTRIES),
      count: String(count),
    }),
  emptyEntry: () => fail('EMPTY_ENTRY', 'Empty entry: remove the extra comma'),
  entryTooLong: () => fail('ENTRY_TOO_LONG', 'Too long to be an IP address or CIDR block'),
  separator: () => fail('SEPARATOR', 'Separate entries with commas'),
  invalid: () => fail('INVALID', 'Not an IPv4 or IPv6 address or CIDR block'),
  ipv4PartRange: () => fail('IPV4_PART_RANGE', 'Each number of an IPv4 address must be from 0 to 255'),
  ipv4LeadingZero: () => fail('IPV4_LEADING_ZERO', 'Numbers of an IPv4 address must not have leading zeros (write 1.2.3.4, not 01.2.3.4)'),
  ipv6Invalid: () => fail('IPV6_INVALID', 'Not a valid IPv6 address'),
  zoneId: () => fail('ZONE_ID', 'Zone ids (the part from %) are not allowed: enter the address without it'),
  prefixInvalid: () => fail('PREFIX_INVALID', 'The prefix length after / must be a whole number without leading zeros'),
  prefixRange: (version: IpVersion) => {
    const max = String(version === 'IPV4' ? IPV4_BITS : IPV6_BITS);
    return fail('PREFIX_RANGE', `The prefix length of an ${version === 'IPV4' ? 'IPv4' : 'IPv6'} block must be from 0 to ${max}`, { max });
  },
  hostBits: (network: string) =>
    fail('HOST_BITS', `The address has bits set after the prefix: use the network address ${network}`, { network }),
  tooBroad: () =>
    fail(
      'TOO_BROAD',
      `Block too wide: IPv4 blocks must be /${IP_TRUSTLIST_MIN_PREFIX_IPV4} or narrower, IPv6 blocks /${IP_TRUSTLIST_MIN_PREFIX_IPV6} or narrower`,
      { ipv4: String(IP_TRUSTLIST_MIN_PREFIX_IPV4), ipv6: String(IP_TRUSTLIST_MIN_PREFIX_IPV6) },
    ),
};

type Result<T> = { ok: true; value: T } | { ok: false; error: IpInputError };
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const err = <T>(error: IpInputError): Result<T> => ({ ok: false, error });

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

const DECIMAL_PART = /^[0-9]+$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

function parseIpv4Bits(text: string): Result<bigint> {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => DECIMAL_PART.test(p))) return err(errors.invalid());
  let value = 0n;
  for (const part of parts) {
    if (part.length > 1 && part.startsWith('0')) return err(errors.ipv4LeadingZero());
    if (part.length > 3 || Number(part) > 255) return err(errors.ipv4PartRange());
    value = (value << 8n) | BigInt(part);
  }
  return ok(value);
}

function parseHexGroups(text: string): bigint[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  if (!groups.every((g) => HEX_GROUP.test(g))) return null;
  return groups.map((g) => BigInt(`0x${g}`));
}

function parseIpv6Bits(text: string): Result<bigint> {
  if (text.includes('%')) return err(errors.zoneId());
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return err(errors.ipv6Invalid());
  let hexPart = text;
  let tail: bigint[] = [];
  if (text.includes('.')) {
    // An embedded dotted IPv4 address makes the last 32 bits (RFC 4291 §2.2, form 3).
    const lastColon = text.lastIndexOf(':');
    const v4 = parseIpv4Bits(text.slice(lastColon + 1));
    if (!v4.ok) return v4.error.code === 'INVALID' ? err(errors.ipv6Invalid()) : v4;
    tail = [v4.value >> 16n, v4.value & 0xffffn];
    // Keep the colon before the IPv4 part only when it belongs to a `::`.
    const before = text.slice(0, lastColon + 1);
    hexPart = before.endsWith('::') ? before : before.slice(0, -1);
  }
  const halves = hexPart.split('::');
  if (halves.length > 2) return err(errors.ipv6Invalid());
  const head = parseHexGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseHexGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return err(errors.ipv6Invalid());
  const written = [...head, ...rest, ...tail];
  const groups =
    halves.length === 2
      ? // `::` stands for one or more zero groups.
        written.length <= 7
        ? [...head, ...Array<bigint>(8 - written.length).fill(0n), ...rest, ...tail]
        : null
      : written.length === 8
        ? written
        : null;
  if (groups === null) return err(errors.ipv6Invalid());
  return ok(groups.reduce((acc, g) => (acc << 16n) | g, 0n));
}

function parseAddress(text: string): Result<IpAddress> {
  if (text.includes(':')) {
    const bits = parseIpv6Bits(text);
    return bits.ok ? ok({ version: 'IPV6', value: bits.value }) : bits;
  }
  if (/^[0-9.]+$/.test(text)) {
    const bits = parseIpv4Bits(text);
    return bits.ok ? ok({ version: 'IPV4', value: bits.value }) : bits;
  }
  return err(text.includes('%') ? errors.zoneId() : errors.invalid());
}

/** The address written in `text` (no surrounding spaces, no prefix), or null when it is not a strict IPv4 or IPv6 address. */
export function parseIpAddress(text: string): IpAddress | null {
  const result = parseAddress(text);
  return result.ok ? result.value : null;
}

function formatIpv4Bits(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function formatIpv6Bits(value: bigint): string {
  if (value >> 32n === 0xffffn) return `::ffff:${formatIpv4Bits(value & 0xffffffffn)}`;
  const groups = Array.from({ length: 8 }, (_, i) => (value >> BigInt((7 - i) * 16)) & 0xffffn);
  // The longest run of at least two zero groups, the first one on a tie (RFC 5952 §4.2).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0n) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0n) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (gs: bigint[]) => gs.map((g) => g.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/** The canonical text of an address: dotted IPv4, RFC 5952 IPv6. */
export function formatIpAddress(address: IpAddress): string {
  return address.version === 'IPV4' ? formatIpv4Bits(address.value) : formatIpv6Bits(address.value);
}

function bitsOf(version: IpVersion): number {
  return version === 'IPV4' ? IPV4_BITS : IPV6_BITS;
}

/** The address in the shared 128-bit space (IPv4 as IPv4-mapped IPv6). */
function unified(address: IpAddress): bigint {
  return address.version === 'IPV4' ? IPV4_MAPPED_BASE | address.value : address.value;
}

// ---------------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------------

/** The range of addresses of an entry in the shared 128-bit space, both ends inclusive. */
export interface IpRange {
  first: bigint;
  last: bigint;
}

interface ParsedEntry {
  entry: IpEntry;
  range: IpRange;
}

function hostMask(bits: number, prefix: number): bigint {
  return (1n << BigInt(bits - prefix)) - 1n;
}

function isTooBroad(address: IpAddress, prefix: number): boolean {
  if (address.version === 'IPV4') return prefix < IP_TRUSTLIST_MIN_PREFIX_IPV4;
  if (prefix < IP_TRUSTLIST_MIN_PREFIX_IPV6) return true;
  // An IPv6 block over IPv4-mapped space is held to the IPv4 limit; one containing all of it is too wide.
  const shift = BigInt(IPV6_BITS - prefix);
  const containsAllIpv4 = prefix <= IPV4_MAPPED_PREFIX && IPV4_MAPPED_BASE >> shift === address.value >> shift;
  if (containsAllIpv4) return true;
  const insideMapped = prefix > IPV4_MAPPED_PREFIX && address.value >> 32n === 0xffffn;
  return insideMapped && prefix - IPV4_MAPPED_PREFIX < IP_TRUSTLIST_MIN_PREFIX_IPV4;
}

function parseEntryText(raw: string): Result<ParsedEntry> {
  const text = raw.trim();
  if (text === '') return err(errors.emptyEntry());
  if (text.length > IP_ENTRY_MAX_LENGTH) return err(errors.entryTooLong());
  if (/\s/.test(text)) return err(errors.separator());
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? null : text.slice(slash + 1);
  const parsed = parseAddress(addressText);
  if (!parsed.ok) return parsed;
  const address = parsed.value;
  const bits = bitsOf(address.version);
  let prefix = bits;
  if (prefixText !== null) {
    if (!/^(?:0|[1-9][0-9]*)$/.test(prefixText)) return err(errors.prefixInvalid());
    prefix = prefixText.length > 3 ? Number.POSITIVE_INFINITY : Number(prefixText);
    if (prefix > bits) return err(errors.prefixRange(address.version));
  }
  const mask = hostMask(bits, prefix);
  if ((address.value & mask) !== 0n) {
    const network = formatIpAddress({ version: address.version, value: address.value & ~mask });
    return err(errors.hostBits(`${network}/${prefix}`));
  }
  if (prefix < bits && isTooBroad(address, prefix)) return err(errors.tooBroad());
  const first = unified(address);
  const unifiedMask = hostMask(IPV6_BITS, address.version === 'IPV4' ? prefix + IPV4_MAPPED_PREFIX : prefix);
  const canonical = formatIpAddress(address);
  const entry: IpEntry =
    prefix === bits
      ? { value: canonical, kind: 'SINGLE', version: address.version }
      : { value: `${canonical}/${prefix}`, kind: 'CIDR', version: address.version };
  return ok({ entry, range: { first, last: first | unifiedMask } });
}

/**
 * One entry (an address or a block, surrounding spaces ignored) normalised, or the reason it is
 * refused.
 */
export function parseIpEntry(text: string): { ok: true; entry: IpEntry } | { ok: false; error: IpInputError } {
  const result = parseEntryText(text);
  return result.ok ? { ok: true, entry: result.value.entry } : { ok: false, error: result.error };
}

/** The canonical text of an entry, or null when `text` is not a valid entry. */
export function normalizeIpEntry(text: string): string | null {
  const result = parseEntryText(text);
  return result.ok ? result.value.entry.value : null;
}

/**
 * The addresses an entry covers. Throws for an entry whose value does not parse: entries come
 * from storage, written by this module, so that is a defect, and a check that throws refuses.
 */
export function ipRangeOf(entry: Pick<IpEntry, 'value'>): IpRange {
  const result = parseEntryText(entry.value);
  if (!result.ok) throw new Error(`not a valid IP trust-list entry: ${entry.value}`);
  return result.value.range;
}

/**
 * True when the client address `ip` lies in the entry. An IPv4 client seen by a dual-stack
 * server as `::ffff:a.b.c.d` matches IPv4 entries, and the other way round. An address that does
 * not parse (empty, a zone id, garbage) matches nothing.
 */
export function ipMatches(ip: string, entry: Pick<IpEntry, 'value'>): boolean {
  const address = parseIpAddress(ip.trim());
  if (address === null) return false;
  const value = unified(address);
  const range = ipRangeOf(entry);
  return value >= range.first && value <= range.last;
}

/** True when the client address lies in any of the entries. */
export function ipMatchesAny(ip: string, entries: readonly Pick<IpEntry, 'value'>[]): boolean {
  return entries.some((entry) => ipMatches(ip, entry));
}

// ---------------------------------------------------------------------------------------------
// Overlaps
// ---------------------------------------------------------------------------------------------

/**
 * How an entry relates to another it overlaps. Blocks never partly overlap: one contains the
 * other or they cover the same addresses.
 * - DUPLICATE: the very same entry (same canonical text).
 * - SAME_RANGE: the same addresses written differently (`1.2.3.4` and `::ffff:1.2.3.4`).
 * - CONTAINS: the entry covers all of the other and more.
 * - WITHIN: the entry lies inside the other.
 */
export const IP_OVERLAP_RELATIONS = ['DUPLICATE', 'SAME_RANGE', 'CONTAINS', 'WITHIN'] as const;
export type IpOverlapRelation = (typeof IP_OVERLAP_RELATIONS)[number];
export const IpOverlapRelationSchema = z.enum(IP_OVERLAP_RELATIONS);

function relate(aValue: string, a: IpRange, bValue: string, b: IpRange): IpOverlapRelation | null {
  if (a.last < b.first || b.last < a.first) return null;
  if (aValue === bValue) return 'DUPLICATE';
  if (a.first === b.first && a.last === b.last) return 'SAME_RANGE';
  return a.first <= b.first && a.last >= b.last ? 'CONTAINS' : 'WITHIN';
}

/** The relation of `a` to `b`, or null when they share no address. */
export function ipEntryRelation(a: Pick<IpEntry, 'value'>, b: Pick<IpEntry, 'value'>): IpOverlapRelation | null {
  return relate(a.value, ipRangeOf(a), b.value, ipRangeOf(b));
}

export interface IpOverlap<N extends IpEntry = IpEntry, E extends IpEntry = IpEntry> {
  /** The new entry. */
  entry: N;
  /** The existing entry it overlaps. */
  other: E;
  /** How `entry` relates to `other`. */
  relation: IpOverlapRelation;
}

/**
 * Every pair of a new entry and an existing one that share addresses, in the order of the new
 * entries, then of the existing ones. Exact duplicates come back with relation DUPLICATE.
 */
export function findOverlaps<N extends IpEntry, E extends IpEntry>(newEntries: readonly N[], existing: readonly E[]): IpOverlap<N, E>[] {
  const existingRanges = existing.map((e) => ({ e, range: ipRangeOf(e) }));
  const out: IpOverlap<N, E>[] = [];
  for (const entry of newEntries) {
    const range = ipRangeOf(entry);
    for (const { e, range: other } of existingRanges) {
      const relation = relate(entry.value, range, e.value, other);
      if (relation !== null) out.push({ entry, other: e, relation });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** An entry of a parsed input, with its 1-based position in the input and the text as typed (trimmed). */
export interface IpListEntry extends IpEntry {
  position: number;
  input: string;
}

/** A refused entry (`position` ≥ 1) or a refusal of the whole input (`position` null). */
export interface IpListError extends IpInputError {
  position: number | null;
  input: string;
}

/** An entry dropped because an earlier entry of the same input is the same (same canonical value). */
export interface IpListDuplicate {
  position: number;
  input: string;
  value: string;
  firstPosition: number;
}

/** Two kept entries of the same input that share addresses (never DUPLICATE: those are dropped). */
export interface IpListOverlap {
  position: number;
  value: string;
  otherPosition: number;
  otherValue: string;
  relation: Exclude<IpOverlapRelation, 'DUPLICATE'>;
}

export interface IpListParse {
  /** The distinct entries, in input order (the first of duplicates). Empty when there are errors. */
  entries: IpListEntry[];
  errors: IpListError[];
  duplicates: IpListDuplicate[];
  overlaps: IpListOverlap[];
}

/**
 * Parses a trust-list input: entries separated by commas, spaces around them allowed. Every
 * refused entry is reported with its position; when any entry is refused no entry is returned,
 * since the input is saved whole or not at all. Entries repeated within the input are dropped
 * (reported as duplicates); entries that overlap one another are kept and reported.
 */
export function parseIpList(input: string): IpListParse {
  const none = (error: IpInputError): IpListParse => ({
    entries: [],
    errors: [{ ...error, position: null, input: '' }],
    duplicates: [],
    overlaps: [],
  });
  if (input.length > IP_TRUSTLIST_INPUT_MAX_LENGTH) return none(errors.inputTooLong());
  if (input.trim() === '') return none(errors.emptyInput());
  const pieces = input.split(',');
  if (pieces.length > IP_TRUSTLIST_MAX_ENTRIES) return none(errors.tooMany(pieces.length));

  const parsed: { position: number; input: string; entry: IpEntry; range: IpRange }[] = [];
  const errorsFound: IpListError[] = [];
  pieces.forEach((piece, index) => {
    const position = index + 1;
    const text = piece.trim();
    const result = parseEntryText(text);
    if (result.ok) parsed.push({ position, input: text, ...result.value });
    else errorsFound.push({ ...result.error, position, input: text });
  });
  if (errorsFound.length > 0) return { entries: [], errors: errorsFound, duplicates: [], overlaps: [] };

  const firstByValue = new Map<string, number>();
  const kept: typeof parsed = [];
  const duplicates: IpListDuplicate[] = [];
  for (const p of parsed) {
    const firstPosition = firstByValue.get(p.entry.value);
    if (firstPosition === undefined) {
      firstByValue.set(p.entry.value, p.position);
      kept.push(p);
    } else {
      duplicates.push({ position: p.position, input: p.input, value: p.entry.value, firstPosition });
    }
  }

  const overlaps: IpListOverlap[] = [];
  for (let i = 0; i < kept.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = kept[i];
      const b = kept[j];
      if (!a || !b) continue;
      const relation = relate(a.entry.value, a.range, b.entry.value, b.range);
      // Kept entries have distinct values, so DUPLICATE cannot occur here.
      if (relation === null || relation === 'DUPLICATE') continue;
      overlaps.push({ position: a.position, value: a.entry.value, otherPosition: b.position, otherValue: b.entry.value, relation });
    }
  }

  return {
    entries: kept.map((p) => ({ ...p.entry, position: p.position, input: p.input })),
    errors: [],
    duplicates,
    overlaps,
  };
}

/** The message a person sees for a list error: `Entry 3 (10.0.0.1/8): …`, or the list-wide message. */
export function ipListErrorMessage(error: IpListError): string {
  if (error.position === null) return error.message;
  return error.input === '' ? `Entry ${error.position}: ${error.message}` : `Entry ${error.position} (${error.input}): ${error.message}`;
}

/**
 * A trust-list input in a request: parsed and normalised by `parseIpList`. Each refused entry is
 * one issue with its message (`Entry 2 (1.2.3.256): …`) and `params` {code, position}; the parsed
 * value is the `IpListParse` without errors.
 */
export const IpListInputSchema = text().transform((input, ctx): IpListParse => {
  const result = parseIpList(input);
  for (const error of result.errors) {
    ctx.addIssue({
      code: 'custom',
      message: ipListErrorMessage(error),
      params: { code: error.code, position: error.position, ...error.params },
    });
  }
  return result;
});
