/**
 * Beneficiary identifiers of the payout rails, checked with their real rules (check digits
 * included), on both sides: the forms say what is wrong before a call, the server refuses the same
 * input. Each takes the value as it is stored — no dots, dashes, slashes or spaces; callers strip
 * the masks people type (`stripDocumentMask`). Rules and test vectors: docs/decisions/0024.
 */

/** Removes the separators of a typed document (`123.456.789-09`, `12.ABC.345/01DE-35`, `9014586527 ` → bare). */
export function stripDocumentMask(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

/** Mod-11 check digit of the Brazilian registers: 0 when the remainder is below 2, else 11 − remainder. */
function mod11Digit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** CPF: 11 digits, the last two check digits (mod 11); one digit repeated eleven times is not a CPF. */
export function isCpf(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  return mod11Digit(d.slice(0, 9), CPF_WEIGHTS_1) === d[9] && mod11Digit(d.slice(0, 10), CPF_WEIGHTS_2) === d[10];
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * CNPJ: 14 characters — 12 of `0-9A-Z` (alphanumeric CNPJs are issued from July 2026; numeric ones
 * stay valid) and two numeric check digits, mod 11 over each character's ASCII code − 48 (A = 17 …
 * Z = 42). One digit repeated fourteen times is not a CNPJ.
 */
export function isCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const v = [...value].map((c) => c.charCodeAt(0) - 48);
  return mod11Digit(v.slice(0, 12), CNPJ_WEIGHTS_1) === v[12] && mod11Digit(v.slice(0, 13), CNPJ_WEIGHTS_2) === v[13];
}

/** The check digits a 12-character CNPJ body gets (for tests and the demo data). */
export function cnpjCheckDigits(body: string): string {
  const v = [...body].map((c) => c.charCodeAt(0) - 48);
  const first = mod11Digit(v, CNPJ_WEIGHTS_1);
  return `${first}${mod11Digit([...v, first], CNPJ_WEIGHTS_2)}`;
}

/** CLABE (Mexico): 18 digits — bank (3), plaza (3), account (11), check digit (weights 3, 7, 1, mod 10). */
export function isClabe(value: string): boolean {
  if (!/^[0-9]{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(value[i]) * (weights[i % 3] ?? 1)) % 10;
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/**
 * NIT (Colombia): the number and its check digit, 10 or 11 digits in all (DIAN: weights 3, 7, 13 …
 * from the right; remainder 0 or 1 is the digit, else 11 − remainder).
 */
export function isNit(value: string): boolean {
  if (!/^[0-9]{10,11}$/.test(value)) return false;
  const body = value.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (NIT_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return (r < 2 ? r : 11 - r) === Number(value.at(-1));
}

/**
 * RUT (Chile): 7 or 8 digits and a check digit `0-9` or `K` (mod 11, weights 2…7 from the right;
 * 11 → 0, 10 → K).
 */
export function isRut(value: string): boolean {
  if (!/^[0-9]{7,8}[0-9K]$/.test(value)) return false;
  const body = value.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const dv = 11 - (sum % 11);
  return (dv === 11 ? '0' : dv === 10 ? 'K' : String(dv)) === value.at(-1);
}

/** A PIX random key (EVP): a UUID in lower-case hexadecimal with its dashes. */
export function isPixRandomKey(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
