/**
 * A small seedable pseudo-random generator (sfc32 seeded by a 128-bit string hash), so that the
 * simulator and the demo history are reproducible: the same seed gives the same transactions,
 * amounts, people and event ids. Floats come out of it only to *choose* values; every amount it
 * helps pick is rounded to integer cents at once.
 */

/** cyrb128: four 32-bit words of a string hash. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short stable tag of a text (upper-case Crockford base32), for ids derived from a seed. */
export function hashTag(text: string, length = 6): string {
  const words = hash128(text);
  let out = '';
  for (let i = 0; out.length < length; i += 1) {
    const word = words[i % 4] ?? 0;
    out += BASE32[(word >>> ((i * 5) % 27)) & 31];
  }
  return out;
}

export interface Weighted {
  weight: number;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(readonly seed: string) {
    [this.a, this.b, this.c, this.d] = hash128(seed);
    for (let i = 0; i < 12; i += 1) this.nextUint32();
  }

  /** An independent stream for a part of the work (`rng.fork('tx:42')`), stable whatever else is drawn. */
  fork(label: string): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  nextUint32(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One item, with probability proportional to its weight. */
  weighted<T extends Weighted>(items: readonly T[]): T {
    let total = 0;
    for (const item of items) total += item.weight;
    let r = this.next() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new RangeError('weighted pick from an empty list');
    return last;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and shape (sigma of the log). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `n` characters of an alphabet. */
  chars(n: number, alphabet = '0123456789'): string {
    let out = '';
    for (let i = 0; i < n; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** Exponentially distributed wait with the given mean (a Poisson process's gaps). */
  exponential(mean: number): number {
    let u = 0;
    while (u === 0) u = this.next();
    return -Math.log(u) * mean;
  }
}
