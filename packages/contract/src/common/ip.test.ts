import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IP_TRUSTLIST_INPUT_MAX_LENGTH, IP_TRUSTLIST_MAX_ENTRIES } from './constants.ts';
import {
  findOverlaps,
  formatIpAddress,
  type IpEntry,
  IpListInputSchema,
  ipEntryRelation,
  ipListErrorMessage,
  ipMatches,
  ipMatchesAny,
  ipRangeOf,
  normalizeIpEntry,
  parseIpAddress,
  parseIpEntry,
  parseIpList,
} from './ip.ts';

function entry(text: string): IpEntry {
  const result = parseIpEntry(text);
  if (!result.ok) throw new Error(`test entry ${text} does not parse: ${result.error.message}`);
  return result.entry;
}

function errorOf(text: string) {
  const result = parseIpEntry(text);
  if (result.ok) throw new Error(`${text} parsed as ${result.entry.value}`);
  return result.error;
}

/** Node's WHATWG URL serialiser writes IPv6 hosts in RFC 5952 form (without the IPv4-mapped dotted tail): an independent oracle. */
function urlCanonical(ipv6: string): string {
  return new URL(`http://[${ipv6}]/`).hostname.slice(1, -1);
}

const ipv4Value = fc.bigInt({ min: 0n, max: (1n << 32n) - 1n });
const ipv6Value = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
/** IPv6 values built from groups that are often zero, so runs of zeros (and ties between them) are common. */
const sparseIpv6Value = fc
  .array(fc.oneof(fc.constant(0n), fc.constant(0n), fc.bigInt({ min: 1n, max: 0xffffn })), { minLength: 8, maxLength: 8 })
  .map((groups) => groups.reduce((acc, g) => (acc << 16n) | g, 0n));
const anyIpv6Value = fc.oneof(ipv6Value, sparseIpv6Value);

describe('single addresses', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4', 'IPV4'],
    ['0.0.0.0', '0.0.0.0', 'IPV4'],
    ['255.255.255.255', '255.255.255.255', 'IPV4'],
    ['  10.20.30.40  ', '10.20.30.40', 'IPV4'],
    ['::', '::', 'IPV6'],
    ['::1', '::1', 'IPV6'],
    ['2001:0DB8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1', 'IPV6'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1', 'IPV6'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1', 'IPV6'],
    ['2001:db8::0:1', '2001:db8::1', 'IPV6'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0', 'IPV6'],
    ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8', 'IPV6'],
    ['fe80::', 'fe80::', 'IPV6'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4', 'IPV6'],
    ['::FFFF:0102:0304', '::ffff:1.2.3.4', 'IPV6'],
    ['0:0:0:0:0:ffff:192.168.0.1', '::ffff:192.168.0.1', 'IPV6'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221', 'IPV6'],
    ['::1.2.3.4', '::102:304', 'IPV6'],
  ])('%j is the %s address %s', (input, value, version) => {
    expect(parseIpEntry(input)).toEqual({ ok: true, entry: { value, kind: 'SINGLE', version } });
  });

  it('writes a full-length prefix as a single address', () => {
    expect(entry('1.2.3.4/32')).toEqual({ value: '1.2.3.4', kind: 'SINGLE', version: 'IPV4' });
    expect(entry('2001:db8::1/128')).toEqual({ value: '2001:db8::1', kind: 'SINGLE', version: 'IPV6' });
  });

  it('compresses the first of two equally long zero runs and never a single zero group (RFC 5952 §4.2)', () => {
    expect(normalizeIpEntry('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(normalizeIpEntry('2001:0:0:1:0:0:0:1')).toBe('2001:0:0:1::1');
    expect(normalizeIpEntry('2001:db8:0:1:2:3:4:5')).toBe('2001:db8:0:1:2:3:4:5');
  });
});

describe('blocks', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8', 'IPV4'],
    ['192.168.1.0/24', '192.168.1.0/24', 'IPV4'],
    ['203.0.113.128/25', '203.0.113.128/25', 'IPV4'],
    ['2001:DB8::/32', '2001:db8::/32', 'IPV6'],
    ['2001:db8:abcd:12::/64', '2001:db8:abcd:12::/64', 'IPV6'],
    ['::ffff:10.0.0.0/104', '::ffff:10.0.0.0/104', 'IPV6'],
  ])('%j is the %s block %s', (input, value, version) => {
    expect(parseIpEntry(input)).toEqual({ ok: true, entry: { value, kind: 'CIDR', version } });
  });

  it('refuses host bits and names the network address to use', () => {
    const v4 = errorOf('10.0.0.1/8');
    expect(v4.code).toBe('HOST_BITS');
    expect(v4.message).toBe('The address has bits set after the prefix: use the network address 10.0.0.0/8');
    expect(errorOf('192.168.1.77/24').params).toEqual({ network: '192.168.1.0/24' });
    expect(errorOf('2001:db8::1/32').message).toContain('use the network address 2001:db8::/32');
  });

  it.each([
    ['1.2.3.0/33', 'The prefix length of an IPv4 block must be from 0 to 32'],
    ['2001:db8::/129', 'The prefix length of an IPv6 block must be from 0 to 128'],
    ['2001:db8::/99999', 'The prefix length of an IPv6 block must be from 0 to 128'],
  ])('refuses the prefix of %j', (input, message) => {
    expect(errorOf(input)).toMatchObject({ code: 'PREFIX_RANGE', message });
  });

  it.each(['1.2.3.0/024', '1.2.3.0/', '1.2.3.0/+8', '1.2.3.0/-1', '1.2.3.0/8/8', '1.2.3.0/2a'])('refuses the prefix of %j', (input) => {
    expect(errorOf(input).code).toBe('PREFIX_INVALID');
  });

  it.each(['0.0.0.0/0', '10.0.0.0/7', '::/0', '2000::/3', '2001:d00::/24', '::/32', '::ffff:0:0/96', '::ffff:0.0.0.0/103'])(
    'refuses the too-wide block %j',
    (input) => {
      const error = errorOf(input);
      expect(error.code).toBe('TOO_BROAD');
      expect(error.message).toBe('Block too wide: IPv4 blocks must be /8 or narrower, IPv6 blocks /32 or narrower');
    },
  );

  it('accepts the widest blocks allowed', () => {
    expect(entry('10.0.0.0/8').value).toBe('10.0.0.0/8');
    expect(entry('2001:db8::/32').value).toBe('2001:db8::/32');
    expect(entry('::ffff:10.0.0.0/104').value).toBe('::ffff:10.0.0.0/104');
  });
});

describe('refused input', () => {
  it.each([
    ['01.2.3.4', 'IPV4_LEADING_ZERO'],
    ['1.2.3.04', 'IPV4_LEADING_ZERO'],
    ['1.2.3.00', 'IPV4_LEADING_ZERO'],
    ['256.1.1.1', 'IPV4_PART_RANGE'],
    ['1.2.3.1000', 'IPV4_PART_RANGE'],
    ['1.2.3', 'INVALID'],
    ['1.2.3.4.5', 'INVALID'],
    ['1.2.3.4.', 'INVALID'],
    ['.1.2.3', 'INVALID'],
    ['1..2.3', 'INVALID'],
    ['0x7f.0.0.1', 'INVALID'],
    ['localhost', 'INVALID'],
    ['-1.2.3.4', 'INVALID'],
    ['1.2.3.4 5.6.7.8', 'SEPARATOR'],
    ['1.2.3.4;5.6.7.8', 'INVALID'],
    ['fe80::1%eth0', 'ZONE_ID'],
    ['fe80::1%25en0', 'ZONE_ID'],
    ['1.2.3.4%1', 'ZONE_ID'],
    ['1::2::3', 'IPV6_INVALID'],
    [':::', 'IPV6_INVALID'],
    ['1:2:3:4:5:6:7:8:9', 'IPV6_INVALID'],
    ['1:2:3:4:5:6:7', 'IPV6_INVALID'],
    ['1:2:3:4:5:6:7:8::', 'IPV6_INVALID'],
    ['::1:2:3:4:5:6:7:8', 'IPV6_INVALID'],
    [':1::', 'IPV6_INVALID'],
    ['1::2:', 'IPV6_INVALID'],
    ['12345::', 'IPV6_INVALID'],
    ['g::1', 'IPV6_INVALID'],
    ['::ffff:1.2.3', 'IPV6_INVALID'],
    ['::ffff:01.2.3.4', 'IPV4_LEADING_ZERO'],
    ['::ffff:1.2.3.256', 'IPV4_PART_RANGE'],
    ['1.2.3.4::', 'IPV6_INVALID'],
    ['1:2:3:4:5:6:7:1.2.3.4', 'IPV6_INVALID'],
    ['1.2.3.4:80', 'IPV6_INVALID'],
    ['[::1]', 'IPV6_INVALID'],
    ['', 'EMPTY_ENTRY'],
    ['   ', 'EMPTY_ENTRY'],
    [`1${'0'.repeat(70)}`, 'ENTRY_TOO_LONG'],
  ])('refuses %j (%s)', (input, code) => {
    expect(errorOf(input).code).toBe(code);
  });

  it('gives messages a person can act on', () => {
    expect(errorOf('01.2.3.4').message).toBe('Numbers of an IPv4 address must not have leading zeros (write 1.2.3.4, not 01.2.3.4)');
    expect(errorOf('300.1.1.1').message).toBe('Each number of an IPv4 address must be from 0 to 255');
    expect(errorOf('fe80::1%eth0').message).toBe('Zone ids (the part from %) are not allowed: enter the address without it');
    expect(errorOf('1.2.3.4 5.6.7.8').message).toBe('Separate entries with commas');
  });

  it('refuses what it cannot parse as an address to match', () => {
    expect(parseIpAddress('1.2.3.4/32')).toBeNull();
    expect(parseIpAddress(' 1.2.3.4')).toBeNull();
    expect(parseIpAddress('fe80::1%eth0')).toBeNull();
    expect(parseIpAddress('1.2.3.4')).toEqual({ version: 'IPV4', value: 0x01020304n });
  });
});

describe('lists', () => {
  it('parses comma-separated entries with spaces around the commas', () => {
    const result = parseIpList(' 1.2.3.4 ,10.0.0.0/8,  2001:DB8::/32 ');
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([
      { value: '1.2.3.4', kind: 'SINGLE', version: 'IPV4', position: 1, input: '1.2.3.4' },
      { value: '10.0.0.0/8', kind: 'CIDR', version: 'IPV4', position: 2, input: '10.0.0.0/8' },
      { value: '2001:db8::/32', kind: 'CIDR', version: 'IPV6', position: 3, input: '2001:DB8::/32' },
    ]);
  });

  it('reports every refused entry with its position and returns no entry', () => {
    const result = parseIpList('1.2.3.4,,01.2.3.4, 10.0.0.1/8');
    expect(result.entries).toEqual([]);
    expect(result.errors.map((e) => [e.position, e.code])).toEqual([
      [2, 'EMPTY_ENTRY'],
      [3, 'IPV4_LEADING_ZERO'],
      [4, 'HOST_BITS'],
    ]);
    expect(result.errors.map(ipListErrorMessage)).toEqual([
      'Entry 2: Empty entry: remove the extra comma',
      'Entry 3 (01.2.3.4): Numbers of an IPv4 address must not have leading zeros (write 1.2.3.4, not 01.2.3.4)',
      'Entry 4 (10.0.0.1/8): The address has bits set after the prefix: use the network address 10.0.0.0/8',
    ]);
  });

  it('refuses a trailing comma', () => {
    expect(parseIpList('1.2.3.4,').errors).toMatchObject([{ position: 2, code: 'EMPTY_ENTRY' }]);
  });

  it('refuses an empty input, too many entries and too long an input as a whole', () => {
    expect(parseIpList('  ').errors).toEqual([
      { code: 'EMPTY_INPUT', message: 'Please enter at least one IP address or CIDR block', params: {}, position: null, input: '' },
    ]);
    const atLimit = Array.from({ length: IP_TRUSTLIST_MAX_ENTRIES }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`).join(',');
    expect(parseIpList(atLimit).entries).toHaveLength(IP_TRUSTLIST_MAX_ENTRIES);
    const over = parseIpList(`${atLimit},10.1.0.0`);
    expect(over.errors).toHaveLength(1);
    expect(over.errors[0]).toMatchObject({ code: 'TOO_MANY_ENTRIES', position: null });
    expect(ipListErrorMessage(over.errors[0] as never)).toBe('At most 100 IP addresses or blocks per list (101 entered)');
    expect(parseIpList(`1.2.3.4${' '.repeat(IP_TRUSTLIST_INPUT_MAX_LENGTH)}`).errors[0]?.code).toBe('INPUT_TOO_LONG');
  });

  it('drops repeated entries, also when written differently, and says where the first one is', () => {
    const result = parseIpList('1.2.3.4, 10.0.0.0/8, 1.2.3.4/32, 2001:db8::1, 2001:DB8:0::1');
    expect(result.entries.map((e) => e.value)).toEqual(['1.2.3.4', '10.0.0.0/8', '2001:db8::1']);
    expect(result.duplicates).toEqual([
      { position: 3, input: '1.2.3.4/32', value: '1.2.3.4', firstPosition: 1 },
      { position: 5, input: '2001:DB8:0::1', value: '2001:db8::1', firstPosition: 4 },
    ]);
  });

  it('keeps overlapping entries and reports each pair', () => {
    const result = parseIpList('10.0.0.0/8, 10.1.2.3, 1.2.3.4, ::ffff:1.2.3.4, 192.168.0.0/16, 192.168.0.0/24, 172.16.0.0/12');
    expect(result.entries).toHaveLength(7);
    expect(result.overlaps).toEqual([
      { position: 2, value: '10.1.2.3', otherPosition: 1, otherValue: '10.0.0.0/8', relation: 'WITHIN' },
      { position: 4, value: '::ffff:1.2.3.4', otherPosition: 3, otherValue: '1.2.3.4', relation: 'SAME_RANGE' },
      { position: 6, value: '192.168.0.0/24', otherPosition: 5, otherValue: '192.168.0.0/16', relation: 'WITHIN' },
    ]);
  });

  it('validates request input with one issue per refused entry', () => {
    const ok = IpListInputSchema.safeParse('1.2.3.4, 1.2.3.4');
    expect(ok.success && ok.data.entries.map((e) => e.value)).toEqual(['1.2.3.4']);
    const bad = IpListInputSchema.safeParse('1.2.3.4, 1.2.3, fe80::1%eth0');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Entry 2 (1.2.3): Not an IPv4 or IPv6 address or CIDR block',
      'Entry 3 (fe80::1%eth0): Zone ids (the part from %) are not allowed: enter the address without it',
    ]);
    expect(IpListInputSchema.safeParse(42).success).toBe(false);
  });
});

describe('overlaps with existing entries', () => {
  const existing = [
    { id: 1, ...entry('10.0.0.0/8') },
    { id: 2, ...entry('192.168.1.10') },
    { id: 3, ...entry('2001:db8::/48') },
  ];

  it('finds each new entry that shares addresses with an existing one, with the relation', () => {
    const news = ['10.20.0.0/16', '192.168.0.0/16', '192.168.1.10', '::ffff:192.168.1.10', '2001:db8::/32', '8.8.8.8'].map(entry);
    const found = findOverlaps(news, existing);
    expect(found.map((o) => [o.entry.value, o.other.id, o.relation])).toEqual([
      ['10.20.0.0/16', 1, 'WITHIN'],
      ['192.168.0.0/16', 2, 'CONTAINS'],
      ['192.168.1.10', 2, 'DUPLICATE'],
      ['::ffff:192.168.1.10', 2, 'SAME_RANGE'],
      ['2001:db8::/32', 3, 'CONTAINS'],
    ]);
  });

  it('answers the relation of two entries, or null when they are apart', () => {
    expect(ipEntryRelation(entry('10.0.0.0/8'), entry('10.255.255.255'))).toBe('CONTAINS');
    expect(ipEntryRelation(entry('10.0.0.0/8'), entry('11.0.0.0'))).toBeNull();
    expect(ipEntryRelation(entry('::ffff:10.0.0.0/104'), entry('10.0.0.0/8'))).toBe('SAME_RANGE');
    expect(ipEntryRelation(entry('1.2.3.4'), entry('1.2.3.4'))).toBe('DUPLICATE');
  });
});

describe('matching a client address', () => {
  it('matches addresses inside a block, and its first and last address', () => {
    const block = entry('192.168.1.0/24');
    expect(ipMatches('192.168.1.0', block)).toBe(true);
    expect(ipMatches('192.168.1.77', block)).toBe(true);
    expect(ipMatches('192.168.1.255', block)).toBe(true);
    expect(ipMatches('192.168.2.0', block)).toBe(false);
    expect(ipMatches('192.168.0.255', block)).toBe(false);
  });

  it('treats an IPv4-mapped client address as the IPv4 address, both ways', () => {
    expect(ipMatches('::ffff:192.168.1.7', entry('192.168.1.0/24'))).toBe(true);
    expect(ipMatches('::ffff:c0a8:107', entry('192.168.1.7'))).toBe(true);
    expect(ipMatches('192.168.1.7', entry('::ffff:192.168.1.7'))).toBe(true);
    expect(ipMatches('::192.168.1.7', entry('192.168.1.7'))).toBe(false);
  });

  it('matches IPv6 blocks and never an address that does not parse', () => {
    const block = entry('2001:db8:abcd::/48');
    expect(ipMatches('2001:DB8:ABCD:0012::1', block)).toBe(true);
    expect(ipMatches('2001:db8:abce::1', block)).toBe(false);
    expect(ipMatches('', block)).toBe(false);
    expect(ipMatches('not-an-ip', block)).toBe(false);
    expect(ipMatches('fe80::1%eth0', entry('fe80::1'))).toBe(false);
    expect(ipMatchesAny('8.8.8.8', [entry('1.1.1.1'), entry('8.8.8.0/24')])).toBe(true);
    expect(ipMatchesAny('8.8.8.8', [])).toBe(false);
  });

  it('throws on a stored value that is not an entry, so a check fails closed', () => {
    expect(() => ipMatches('1.2.3.4', { value: '1.2.3.4/8' })).toThrow(/not a valid IP trust-list entry/);
  });
});

describe('properties', () => {
  it('IPv4: parse ∘ format is the identity on canonical forms', () => {
    fc.assert(
      fc.property(ipv4Value, (value) => {
        const text = formatIpAddress({ version: 'IPV4', value });
        expect(parseIpAddress(text)).toEqual({ version: 'IPV4', value });
        expect(normalizeIpEntry(text)).toBe(text);
      }),
    );
  });

  it('IPv6: parse ∘ format is the identity on canonical forms, which agree with the URL serialiser', () => {
    fc.assert(
      fc.property(anyIpv6Value, (value) => {
        const text = formatIpAddress({ version: 'IPV6', value });
        expect(parseIpAddress(text)).toEqual({ version: 'IPV6', value });
        expect(normalizeIpEntry(text)).toBe(text);
        if (value >> 32n !== 0xffffn) expect(urlCanonical(text)).toBe(text);
      }),
    );
  });

  it('IPv6: the full, upper-case form with leading zeros normalises to the canonical form', () => {
    fc.assert(
      fc.property(anyIpv6Value, (value) => {
        const full = Array.from({ length: 8 }, (_, i) => ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16).padStart(4, '0'))
          .join(':')
          .toUpperCase();
        expect(normalizeIpEntry(full)).toBe(formatIpAddress({ version: 'IPV6', value }));
      }),
    );
  });

  it('a block contains its network address and its last address, and nothing just outside', () => {
    const v4Block = fc.tuple(ipv4Value, fc.integer({ min: 8, max: 31 })).map(([v, p]) => ({ version: 'IPV4' as const, bits: 32, v, p }));
    const v6Block = fc
      .tuple(anyIpv6Value, fc.integer({ min: 32, max: 127 }))
      // Blocks over IPv4-mapped space follow the IPv4 limits: tested above.
      .filter(([v, p]) => v >> 32n !== 0xffffn && v >> BigInt(128 - p) !== (0xffffn << 32n) >> BigInt(128 - p))
      .map(([v, p]) => ({ version: 'IPV6' as const, bits: 128, v, p }));
    fc.assert(
      fc.property(fc.oneof(v4Block, v6Block), ({ version, bits, v, p }) => {
        const host = (1n << BigInt(bits - p)) - 1n;
        const network = v & ~host;
        const text = `${formatIpAddress({ version, value: network })}/${p}`;
        const block = entry(text);
        expect(block).toEqual({ value: text, kind: 'CIDR', version });
        expect(ipMatches(formatIpAddress({ version, value: network }), block)).toBe(true);
        expect(ipMatches(formatIpAddress({ version, value: network | host }), block)).toBe(true);
        const max = (1n << BigInt(bits)) - 1n;
        if (network > 0n) expect(ipMatches(formatIpAddress({ version, value: network - 1n }), block)).toBe(false);
        if ((network | host) < max) expect(ipMatches(formatIpAddress({ version, value: (network | host) + 1n }), block)).toBe(false);
        const range = ipRangeOf(block);
        expect(range.last - range.first).toBe(host);
      }),
    );
  });

  it('setting any host bit of a block is refused with the network address in the message', () => {
    fc.assert(
      fc.property(ipv4Value, fc.integer({ min: 8, max: 31 }), (v, p) => {
        const host = (1n << BigInt(32 - p)) - 1n;
        fc.pre((v & host) !== 0n);
        const error = errorOf(`${formatIpAddress({ version: 'IPV4', value: v })}/${p}`);
        expect(error.code).toBe('HOST_BITS');
        expect(error.params.network).toBe(`${formatIpAddress({ version: 'IPV4', value: v & ~host })}/${p}`);
      }),
    );
  });
});
