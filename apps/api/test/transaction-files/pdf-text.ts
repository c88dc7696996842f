import { inflateSync } from 'node:zlib';

/**
 * A light PDF reader for tests: enough of PDF 1.3 (as pdfkit writes it) to count pages and get the
 * text back, as a PDF viewer's copy-paste would. Streams are inflated when FlateDecode; text shown
 * with an embedded (Identity-H) font is mapped back to Unicode through the font's ToUnicode CMap.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

export interface ParsedPdf {
  header: string;
  pageCount: number;
  /** Text of each page: one line per text object (BT … ET). */
  pages: string[];
  info: string;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const latin = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(latin); m; m = re.exec(latin)) {
    const body = m[2] as string;
    const streamAt = body.indexOf('stream');
    if (streamAt === -1 || !/\/Length/.test(body.slice(0, streamAt))) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const startInBody = streamAt + 'stream'.length + (body[streamAt + 6] === '\r' ? 2 : 1);
    const start = (m.index as number) + m[0].indexOf(body) + startInBody;
    const raw = pdf.subarray(start, start + length);
    out.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return out;
}

function ref(dict: string, key: string): number | null {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
}

/** code → text of a ToUnicode CMap (bfchar and bfrange, both forms). */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (spaced: string) => {
    const h = spaced.replace(/\s+/g, '');
    let s = '';
    for (let i = 0; i < h.length; i += 4) s += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
    return s;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] as string).matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(Number.parseInt(m[1] as string, 16), hex(m[2] as string));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] as string).matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const lo = Number.parseInt(m[1] as string, 16);
      const hi = Number.parseInt(m[2] as string, 16);
      const target = m[3] as string;
      if (target.startsWith('[')) {
        const items = [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => hex(x[1] as string));
        for (const [i, t] of items.entries()) map.set(lo + i, t);
      } else {
        const base = Number.parseInt(target.slice(1, -1).replace(/\s+/g, ''), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(base + c - lo));
      }
    }
  }
  return map;
}

export function parsePdf(pdf: Buffer): ParsedPdf {
  const objects = objectsOf(pdf);
  const header = pdf.subarray(0, 8).toString('latin1');
  const pages: string[] = [];
  const pageIds = [...objects.entries()].filter(([, o]) => /\/Type \/Page\b(?!s)/.test(o.dict)).map(([id]) => id);
  const pagesObj = [...objects.values()].find((o) => /\/Type \/Pages/.test(o.dict));
  const pageCount = Number(/\/Count (\d+)/.exec(pagesObj?.dict ?? '')?.[1] ?? 0);
  for (const id of pageIds) {
    const page = objects.get(id) as PdfObject;
    const resourcesId = ref(page.dict, 'Resources');
    const resources = resourcesId === null ? page.dict : (objects.get(resourcesId)?.dict ?? '');
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const cmaps = new Map<string, Map<number, string>>();
    for (const m of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]));
      const toUnicode = font ? ref(font.dict, 'ToUnicode') : null;
      const stream = toUnicode === null ? null : objects.get(toUnicode)?.stream;
      if (stream) cmaps.set(m[1] as string, parseCMap(stream.toString('latin1')));
    }
    const contentsId = ref(page.dict, 'Contents');
    const content = contentsId === null ? '' : (objects.get(contentsId)?.stream?.toString('latin1') ?? '');
    const lines: string[] = [];
    let current: Map<number, string> | undefined;
    let line = '';
    const tokens = /\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj|\bET\b/g;
    const decode = (h: string) => {
      let s = '';
      for (let i = 0; i + 4 <= h.length; i += 4) s += current?.get(Number.parseInt(h.slice(i, i + 4), 16)) ?? '\uFFFD';
      return s;
    };
    for (const m of content.matchAll(tokens)) {
      if (m[1]) current = cmaps.get(m[1]);
      else if (m[2] !== undefined) for (const h of m[2].matchAll(/<([0-9a-fA-F]*)>/g)) line += decode(h[1] as string);
      else if (m[3] !== undefined) line += decode(m[3]);
      else {
        lines.push(line);
        line = '';
      }
    }
    pages.push(lines.filter((l) => l !== '').join('\n'));
  }
  const infoId = /\/Info (\d+) 0 R/.exec(pdf.toString('latin1'))?.[1];
  return { header, pageCount, pages, info: infoId ? (objects.get(Number(infoId))?.dict ?? '') : '' };
}
