import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The typeface of the proofs: Noto Sans SC (Noto Sans Hans, SIL Open Font License) from the
 * @embedpdf/fonts-sc package. One face covers Latin with Portuguese and Spanish accents and
 * simplified Chinese, so a label `Valor / 金额` needs no font switching. pdfkit embeds only the
 * glyphs a document uses (a subset), so a proof weighs tens of kilobytes. Read once per process.
 */

export interface ProofFonts {
  regular: Buffer;
  bold: Buffer;
}

let cached: ProofFonts | null = null;

export function proofFonts(): ProofFonts {
  if (!cached) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    cached = {
      regular: readFileSync(join(dir, 'NotoSansHans-Regular.otf')),
      bold: readFileSync(join(dir, 'NotoSansHans-Bold.otf')),
    };
  }
  return cached;
}
