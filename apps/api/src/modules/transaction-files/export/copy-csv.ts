import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A CSV export written by PostgreSQL itself: `COPY (SELECT <formatted cells>) TO STDOUT (FORMAT
 * csv)` streamed to the response after the byte-order mark and the header line. The SELECT formats
 * every cell as csvStream would (columns-sql.ts) and COPY quotes fields by the same RFC 4180 rule
 * (a field holding a comma, a quote, CR or LF is quoted, quotes doubled; NULL is an empty field);
 * the one difference, COPY's LF line ends, is turned into CRLF here (`CsvLineEnds`). The API
 * process then only moves bytes: no row is parsed, decoded or built in JS, which is what lets the
 * export run at the pace of COPY itself (bench/export-rate.ts).
 *
 * Memory stays constant: COPY's stream reads the socket only when its reader asks (a read-ahead of
 * READ_AHEAD bytes), and the response pulls chunk after chunk. The connection is taken when the
 * first bytes are wanted; when the response ends early (client gone, error) the connection is
 * closed rather than returned to the pool, which stops the COPY on the server.
 *
 * A download holds its connection while it streams (as fast as the client reads): at most a third
 * of a pool's connections serve exports at once (`exportSlots`), the next export waits for one
 * after sending its header line, and the other calls keep the rest of the pool.
 */

/** Bytes COPY's stream reads ahead of the writer, so the server keeps sending while a chunk is written. */
const READ_AHEAD = 1 << 20;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * COPY's CSV with CRLF line ends. A LF ends a record only outside quotes: a quoted field keeps its
 * own line breaks as they are, as csvStream does. Quotes inside a quoted field are doubled, so
 * counting every quote tells whether a byte is inside one, across chunk boundaries too.
 */
export class CsvLineEnds {
  private quoted = false;
  /** Records ended so far (record-ending line breaks seen). */
  records = 0;

  /** The chunk with a CR before every record-ending LF. */
  convert(chunk: Buffer): Buffer {
    const ends: number[] = [];
    let quoted = this.quoted;
    let pos = 0;
    let nextQuote = chunk.indexOf(QUOTE);
    for (;;) {
      if (quoted) {
        const close = nextQuote;
        if (close === -1) break;
        quoted = false;
        pos = close + 1;
        nextQuote = chunk.indexOf(QUOTE, pos);
        continue;
      }
      const lf = chunk.indexOf(LF, pos);
      if (nextQuote !== -1 && (lf === -1 || nextQuote < lf)) {
        quoted = true;
        pos = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, pos);
        continue;
      }
      if (lf === -1) break;
      ends.push(lf);
      pos = lf + 1;
    }
    this.quoted = quoted;
    this.records += ends.length;
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let to = 0;
    for (const lf of ends) {
      to += chunk.copy(out, to, from, lf);
      out[to++] = CR;
      out[to++] = LF;
      from = lf + 1;
    }
    chunk.copy(out, to, from);
    return out;
  }

  /** Throws when the data ended inside a quoted field (a cut stream). */
  end(): void {
    if (this.quoted) throw new Error('CSV ended inside a quoted field');
  }
}

/** The node-postgres pool behind a drizzle handle, or null on another driver (PGlite has no COPY TO STDOUT stream). */
export function postgresPoolOf(db: object): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Counting semaphore: `take` resolves with the function that gives the slot back (once). */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async take(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}

const SLOTS = new WeakMap<pg.Pool, Slots>();

/** The export slots of a pool: a third of its connections (node-postgres' default max is 10), at least one. */
function exportSlots(pool: pg.Pool): Slots {
  let slots = SLOTS.get(pool);
  if (slots === undefined) {
    slots = new Slots(Math.max(1, Math.floor((pool.options.max ?? 10) / 3)));
    SLOTS.set(pool, slots);
  }
  return slots;
}

export interface CopyCsvOptions {
  /**
   * Runs on the COPY's connection first, inside a REPEATABLE READ, READ ONLY transaction that the
   * COPY shares: what it reads (the download center's row count and sums) is exactly what the
   * COPY writes, whatever commits in between.
   */
  snapshot?: (client: pg.PoolClient) => Promise<void>;
  /** Called with the number of rows written so far, after each chunk. */
  onRecords?: (records: number) => void | Promise<void>;
}

async function* copyCsvChunks(pool: pg.Pool, head: string, select: string, options: CopyCsvOptions): AsyncGenerator<Buffer> {
  yield Buffer.from(head, 'utf8');
  const release = await exportSlots(pool).take();
  try {
    const client = await pool.connect();
    let complete = false;
    try {
      const lines = new CsvLineEnds();
      if (options.snapshot) {
        await client.query('begin isolation level repeatable read, read only');
        await options.snapshot(client);
      }
      const copy = client.query(copyTo(`copy (${select}) to stdout with (format csv)`, { highWaterMark: READ_AHEAD }));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        yield lines.convert(chunk);
        await options.onRecords?.(lines.records);
      }
      lines.end();
      if (options.snapshot) await client.query('commit');
      complete = true;
    } finally {
      // A COPY cut short leaves the connection mid-stream: close it instead of pooling it.
      client.release(complete ? undefined : new Error('export stopped before the end of its COPY'));
    }
  } finally {
    release();
  }
}

/**
 * `head` (byte-order mark and header line, from `csvHead`) then the CSV rows of `select`, a
 * SELECT whose values are all literals (COPY takes no parameters: see sql-literal.ts).
 */
export function copyCsvStream(pool: pg.Pool, head: string, select: string, options: CopyCsvOptions = {}): Readable {
  return Readable.from(copyCsvChunks(pool, head, select, options), { objectMode: false });
}
