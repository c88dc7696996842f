import type { Country } from '@andes/contract/common/countries';
import type { PixKeyType } from '@andes/contract/common/enums';
import type { Card, Party } from '@andes/contract/transaction/parts';
import type { Rng } from './prng.ts';

/**
 * Plausible payers and beneficiaries per country: names, documents with their real check digits
 * (CPF, CNPJ, RUT, CLABE), banks with their codes, PIX keys of the four types, end-to-end ids, and
 * cards as the platform shares them — brand, BIN, last 4, expiry, token, issuer, 3DS — never a
 * full card number.
 */

const FIRST_NAMES: Readonly<Record<Country, readonly string[]>> = {
  BR: [
    'Ana',
    'João',
    'Maria',
    'Pedro',
    'Beatriz',
    'Lucas',
    'Juliana',
    'Gabriel',
    'Larissa',
    'Rafael',
    'Camila',
    'Thiago',
    'Fernanda',
    'Bruno',
  ],
  MX: ['José', 'Guadalupe', 'Juan', 'María', 'Luis', 'Fernanda', 'Carlos', 'Ximena', 'Miguel', 'Sofía', 'Alejandro', 'Valeria', 'Diego'],
  CO: ['Andrés', 'Valentina', 'Santiago', 'Daniela', 'Juan Pablo', 'Camila', 'Sebastián', 'Mariana', 'Felipe', 'Laura', 'Nicolás'],
  CL: ['Benjamín', 'Josefa', 'Vicente', 'Antonia', 'Matías', 'Catalina', 'Tomás', 'Florencia', 'Cristóbal', 'Isidora', 'Joaquín'],
  PE: ['Luis', 'Rosa', 'Jorge', 'Milagros', 'César', 'Carmen', 'Renzo', 'Lucía', 'Piero', 'Gianella', 'Alonso', 'Fiorella'],
  US: ['James', 'Emily', 'Michael', 'Olivia', 'David', 'Sophia', 'Daniel', 'Ava', 'Matthew', 'Isabella', 'Ethan', 'Mia'],
  ZA: ['Thabo', 'Lerato', 'Sipho', 'Nomvula', 'Pieter', 'Anika', 'Themba', 'Zanele', 'Johan', 'Naledi', 'Kagiso', 'Ayesha'],
};

const LAST_NAMES: Readonly<Record<Country, readonly string[]>> = {
  BR: [
    'Silva',
    'Santos',
    'Oliveira',
    'Souza',
    'Rodrigues',
    'Ferreira',
    'Alves',
    'Pereira',
    'Lima',
    'Gomes',
    'Costa',
    'Ribeiro',
    'Carvalho',
  ],
  MX: ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez'],
  CO: ['Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez', 'Díaz', 'Muñoz'],
  CL: ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Fuentes'],
  PE: ['Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Rojas', 'Huamán', 'Mamani', 'Chávez', 'Vásquez', 'Ramos', 'Torres'],
  US: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Moore', 'Martin'],
  ZA: ['Nkosi', 'Dlamini', 'Ndlovu', 'Mokoena', 'Botha', 'van der Merwe', 'Khumalo', 'Naidoo', 'Mahlangu', 'Pillay', 'Sithole'],
};

/** Businesses that receive payouts (suppliers, sellers, drivers' companies). */
const BUSINESS_NAMES: Readonly<Record<Country, readonly string[]>> = {
  BR: ['Comercial Paulista Ltda', 'Distribuidora Rio Verde Ltda', 'Tech Sul Serviços ME', 'Mercado Bom Preço Eireli', 'Logística Ágil SA'],
  MX: [
    'Comercializadora del Bajío SA de CV',
    'Servicios Logísticos Anáhuac SA de CV',
    'Textiles Jalisco SA de CV',
    'Abarrotes La Paz SA de CV',
  ],
  CO: ['Distribuciones Andinas SAS', 'Comercializadora El Dorado SAS', 'Logística Caribe SAS', 'Café de Altura SAS'],
  CL: ['Comercial Los Andes SpA', 'Servicios Australes SpA', 'Distribuidora Pacífico Ltda', 'Importadora Valparaíso SpA'],
  PE: ['Inversiones Miraflores SAC', 'Comercial Arequipa EIRL', 'Distribuidora Lima Norte SAC', 'Servicios Cusco SAC'],
  US: ['Blue Harbor Supplies LLC', 'Summit Logistics Inc', 'Golden Gate Traders LLC', 'Lakeside Services Co'],
  ZA: ['Cape Coastal Trading (Pty) Ltd', 'Highveld Logistics (Pty) Ltd', 'Durban Bay Supplies (Pty) Ltd', 'Karoo Goods (Pty) Ltd'],
};

export interface Bank {
  code: string;
  name: string;
}

export const BANKS: Readonly<Record<Country, readonly Bank[]>> = {
  BR: [
    { code: '001', name: 'Banco do Brasil' },
    { code: '237', name: 'Bradesco' },
    { code: '341', name: 'Itaú Unibanco' },
    { code: '104', name: 'Caixa Econômica Federal' },
    { code: '260', name: 'Nu Pagamentos' },
    { code: '077', name: 'Banco Inter' },
    { code: '033', name: 'Santander Brasil' },
    { code: '336', name: 'Banco C6' },
  ],
  MX: [
    { code: '002', name: 'Banamex' },
    { code: '012', name: 'BBVA México' },
    { code: '014', name: 'Santander México' },
    { code: '072', name: 'Banorte' },
    { code: '021', name: 'HSBC México' },
    { code: '127', name: 'Banco Azteca' },
    { code: '646', name: 'STP' },
  ],
  CO: [
    { code: '007', name: 'Bancolombia' },
    { code: '051', name: 'Davivienda' },
    { code: '001', name: 'Banco de Bogotá' },
    { code: '013', name: 'BBVA Colombia' },
    { code: '507', name: 'Nequi' },
    { code: '023', name: 'Banco de Occidente' },
  ],
  CL: [
    { code: '001', name: 'Banco de Chile' },
    { code: '012', name: 'BancoEstado' },
    { code: '037', name: 'Banco Santander Chile' },
    { code: '016', name: 'BCI' },
    { code: '009', name: 'Banco Internacional' },
    { code: '051', name: 'Banco Falabella' },
  ],
  PE: [
    { code: '002', name: 'BCP' },
    { code: '003', name: 'Interbank' },
    { code: '011', name: 'BBVA Perú' },
    { code: '009', name: 'Scotiabank Perú' },
    { code: '018', name: 'Banco de la Nación' },
  ],
  US: [
    { code: '021000021', name: 'JPMorgan Chase' },
    { code: '026009593', name: 'Bank of America' },
    { code: '121000248', name: 'Wells Fargo' },
    { code: '021000089', name: 'Citibank' },
  ],
  ZA: [
    { code: '250655', name: 'First National Bank' },
    { code: '051001', name: 'Standard Bank' },
    { code: '632005', name: 'Absa' },
    { code: '470010', name: 'Capitec' },
    { code: '198765', name: 'Nedbank' },
  ],
};

/** Phone country calling codes and the local number length. */
const PHONES: Readonly<Record<Country, { cc: string; digits: number; lead: string }>> = {
  BR: { cc: '55', digits: 11, lead: '119' },
  MX: { cc: '52', digits: 10, lead: '55' },
  CO: { cc: '57', digits: 10, lead: '3' },
  CL: { cc: '56', digits: 9, lead: '9' },
  PE: { cc: '51', digits: 9, lead: '9' },
  US: { cc: '1', digits: 10, lead: '2' },
  ZA: { cc: '27', digits: 9, lead: '8' },
};

const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com'];

/** Slugs of the names met so far (a few thousand: names are drawn from lists), for the demo history's speed. */
const slugs = new Map<string, string>();

function asciiSlug(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '');
    if (slugs.size >= 100_000) slugs.clear();
    slugs.set(text, slug);
  }
  return slug;
}

export function personName(rng: Rng, country: Country): string {
  return `${rng.pick(FIRST_NAMES[country])} ${rng.pick(LAST_NAMES[country])}`;
}

export function businessName(rng: Rng, country: Country): string {
  return rng.pick(BUSINESS_NAMES[country]);
}

export function phoneOf(rng: Rng, country: Country): string {
  const p = PHONES[country];
  return `+${p.cc}${p.lead}${rng.chars(p.digits - p.lead.length)}`;
}

export function emailOf(rng: Rng, name: string): string {
  return `${asciiSlug(name)}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`;
}

// ---- documents with real check digits ------------------------------------------------------------

/** Brazilian CPF (11 digits, two mod-11 check digits). */
export function cpf(rng: Rng): string {
  const d = Array.from({ length: 9 }, () => rng.int(0, 9));
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i += 1) sum += (d[i] ?? 0) * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** Brazilian CNPJ (14 digits, two mod-11 check digits). */
export function cnpj(rng: Rng): string {
  const d = [...Array.from({ length: 8 }, () => rng.int(0, 9)), 0, 0, 0, 1];
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    let sum = 0;
    weights.forEach((w, i) => {
      sum += (d[i] ?? 0) * w;
    });
    const r = sum % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  return d.join('');
}

/** Chilean RUT `12.345.678-5` (mod-11 check digit, K for 10). */
export function rut(rng: Rng, business = false): string {
  const body = business ? rng.int(76_000_000, 77_999_999) : rng.int(8_000_000, 25_999_999);
  let sum = 0;
  let factor = 2;
  for (let n = body; n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const r = 11 - (sum % 11);
  const dv = r === 11 ? '0' : r === 10 ? 'K' : String(r);
  const text = String(body);
  return `${text.slice(0, -6)}.${text.slice(-6, -3)}.${text.slice(-3)}-${dv}`;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Mexican RFC: 4 letters (3 for a company), birth/incorporation date YYMMDD, 3 characters. */
export function rfc(rng: Rng, business = false): string {
  const yy = String(rng.int(50, 99) % 100).padStart(2, '0');
  const mm = String(rng.int(1, 12)).padStart(2, '0');
  const dd = String(rng.int(1, 28)).padStart(2, '0');
  return `${rng.chars(business ? 3 : 4, LETTERS)}${yy}${mm}${dd}${rng.chars(3, `${LETTERS}0123456789`)}`;
}

/** Mexican CLABE: 18 digits, bank code first, weighted (3, 7, 1) mod-10 check digit. */
export function clabe(rng: Rng, bankCode: string): string {
  const d = `${bankCode.padStart(3, '0').slice(-3)}${rng.chars(3)}${rng.chars(11)}`;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(d[i]) * (weights[i % 3] ?? 1)) % 10;
  return `${d}${(10 - (sum % 10)) % 10}`;
}

/** South African ID number: YYMMDD, 4 digits, citizenship, 8, Luhn check digit. */
export function saId(rng: Rng): string {
  const body = `${String(rng.int(60, 99))}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${rng.chars(4)}08`;
  return `${body}${luhnDigit(body)}`;
}

function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let n = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return (10 - (sum % 10)) % 10;
}

export interface Document {
  document: string;
  documentType: string;
}

/** A person's (or, with `business`, a company's) tax or identity document in the country. */
export function documentOf(rng: Rng, country: Country, business = false): Document {
  switch (country) {
    case 'BR':
      return business ? { document: cnpj(rng), documentType: 'CNPJ' } : { document: cpf(rng), documentType: 'CPF' };
    case 'MX':
      return { document: rfc(rng, business), documentType: 'RFC' };
    case 'CO':
      return business
        ? { document: `${rng.int(800_000_000, 901_999_999)}-${rng.int(0, 9)}`, documentType: 'NIT' }
        : { document: String(rng.int(10_000_000, 1_299_999_999)), documentType: 'CC' };
    case 'CL':
      return { document: rut(rng, business), documentType: 'RUT' };
    case 'PE':
      return business ? { document: `20${rng.chars(9)}`, documentType: 'RUC' } : { document: rng.chars(8), documentType: 'DNI' };
    case 'US':
      return business
        ? { document: `${rng.int(10, 99)}-${rng.chars(7)}`, documentType: 'EIN' }
        : { document: rng.chars(4), documentType: 'SSN4' };
    case 'ZA':
      return business
        ? { document: `${rng.int(2005, 2023)}/${rng.chars(6)}/07`, documentType: 'CIPC' }
        : { document: saId(rng), documentType: 'ID' };
  }
}

// ---- bank accounts and transfer references ---------------------------------------------------------

/** Bank account number in the country's usual form (CLABE in Mexico). */
export function accountNoOf(rng: Rng, country: Country, bank: Bank): string {
  switch (country) {
    case 'MX':
      return clabe(rng, bank.code);
    case 'BR':
      return `${rng.chars(rng.int(5, 8))}-${rng.int(0, 9)}`;
    case 'CO':
      return rng.chars(11);
    case 'CL':
      return rng.chars(rng.int(8, 12));
    case 'PE':
      return `${bank.code}${rng.chars(17)}`;
    case 'US':
      return rng.chars(rng.int(9, 12));
    case 'ZA':
      return rng.chars(rng.int(9, 11));
  }
}

/** BCB ISPB of the Brazilian banks above (the PIX end-to-end id starts with it). */
const ISPB: Readonly<Record<string, string>> = {
  '001': '00000000',
  '237': '60746948',
  '341': '60701190',
  '104': '00360305',
  '260': '18236120',
  '077': '00416968',
  '033': '90400888',
  '336': '31872495',
};

function stamp(at: number): string {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** PIX end-to-end id: E + ISPB of the payer's bank + yyyyMMddHHmm + 11 characters (32 in all). */
export function pixE2eId(rng: Rng, bank: Bank, at: number): string {
  return `E${ISPB[bank.code] ?? '00000000'}${stamp(at)}${rng.chars(11, ALNUM)}`;
}

/** SPEI tracking key (clave de rastreo). */
export function speiTrackingKey(rng: Rng, bank: Bank, at: number): string {
  return `${bank.name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 6)
    .toUpperCase()}${stamp(at).slice(2, 8)}${rng.chars(10)}`;
}

/** An end-to-end reference for other rails (PSE CUS, bank references). */
export function bankReference(rng: Rng, country: Country, at: number): string {
  return `${country}${stamp(at).slice(2, 8)}${rng.chars(12)}`;
}

// ---- PIX keys ---------------------------------------------------------------------------------

export function pixKeyOf(rng: Rng, type: PixKeyType, person: { name: string; document: string }): string {
  switch (type) {
    case 'DOCUMENT':
      return person.document;
    case 'PHONE':
      return phoneOf(rng, 'BR');
    case 'EMAIL':
      return emailOf(rng, person.name);
    case 'RANDOM': {
      const hex = rng.chars(32, '0123456789abcdef');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    }
  }
}

// ---- cards ------------------------------------------------------------------------------------

interface BinRange {
  brand: Card['brand'];
  bins: readonly string[];
  issuer: string;
}

/** BINs by country: real-looking prefixes of local issuers (6 or 8 digits). */
const CARD_BINS: Readonly<Record<Country, readonly (BinRange & { weight: number })[]>> = {
  BR: [
    { brand: 'VISA', bins: ['453211', '498406', '455182'], issuer: 'Itaú Unibanco', weight: 38 },
    { brand: 'MASTERCARD', bins: ['516292', '547064', '552289'], issuer: 'Nu Pagamentos', weight: 40 },
    { brand: 'ELO', bins: ['636368', '504175', '438935'], issuer: 'Bradesco', weight: 14 },
    { brand: 'HIPERCARD', bins: ['606282'], issuer: 'Banco Itaucard', weight: 5 },
    { brand: 'AMEX', bins: ['376449'], issuer: 'Bradesco', weight: 3 },
  ],
  MX: [
    { brand: 'VISA', bins: ['415231', '455510', '477213'], issuer: 'BBVA México', weight: 55 },
    { brand: 'MASTERCARD', bins: ['542418', '557920'], issuer: 'Banorte', weight: 38 },
    { brand: 'AMEX', bins: ['376701'], issuer: 'American Express México', weight: 7 },
  ],
  CO: [
    { brand: 'VISA', bins: ['450407', '491268'], issuer: 'Bancolombia', weight: 55 },
    { brand: 'MASTERCARD', bins: ['530372', '547479'], issuer: 'Davivienda', weight: 38 },
    { brand: 'DINERS', bins: ['360324'], issuer: 'Banco de Bogotá', weight: 7 },
  ],
  CL: [
    { brand: 'VISA', bins: ['450799', '491573'], issuer: 'Banco de Chile', weight: 52 },
    { brand: 'MASTERCARD', bins: ['527572', '545195'], issuer: 'Banco Santander Chile', weight: 40 },
    { brand: 'AMEX', bins: ['377935'], issuer: 'Santander Chile Amex', weight: 8 },
  ],
  PE: [
    { brand: 'VISA', bins: ['421355', '455788'], issuer: 'BCP', weight: 60 },
    { brand: 'MASTERCARD', bins: ['512312', '549174'], issuer: 'Interbank', weight: 32 },
    { brand: 'DINERS', bins: ['361341'], issuer: 'Diners Club Perú', weight: 8 },
  ],
  US: [
    { brand: 'VISA', bins: ['414720', '426684', '44780000'], issuer: 'JPMorgan Chase', weight: 50 },
    { brand: 'MASTERCARD', bins: ['542418', '22230000'], issuer: 'Citibank', weight: 30 },
    { brand: 'AMEX', bins: ['371449'], issuer: 'American Express', weight: 14 },
    { brand: 'DISCOVER', bins: ['601100'], issuer: 'Discover Bank', weight: 6 },
  ],
  ZA: [
    { brand: 'VISA', bins: ['419570', '465858'], issuer: 'First National Bank', weight: 55 },
    { brand: 'MASTERCARD', bins: ['520473', '535316'], issuer: 'Standard Bank', weight: 40 },
    { brand: 'DINERS', bins: ['360566'], issuer: 'Nedbank', weight: 5 },
  ],
};

/** Card details as the platform shares them: brand, BIN, last 4, expiry, issuer, 3DS (a network token is added by the lifecycle). */
export function cardOf(rng: Rng, country: Country, holder: string, at: number): Card {
  const range = rng.weighted(CARD_BINS[country]);
  const year = new Date(at).getUTCFullYear() + rng.int(1, 5);
  const authenticated = rng.chance(0.93);
  const card: Card = {
    brand: range.brand,
    holder: asciiSlug(holder).replace(/\./g, ' ').toUpperCase(),
    bin: rng.pick(range.bins),
    last4: rng.chars(4),
    expiry: `${String(rng.int(1, 12)).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`,
    issuer: range.issuer,
  };
  // Drawn and dropped: cards once all carried a token here; whether one is paid with a network
  // token is the lifecycle's decision (docs/decisions/0031), and the demo's later draws stay as they were.
  rng.chars(24, ALNUM);
  if (rng.chance(0.8)) {
    card.threeDs = {
      version: rng.pick(['2.1.0', '2.2.0', '2.2.0', '2.3.1']),
      eci: range.brand === 'MASTERCARD' ? (authenticated ? '02' : '01') : authenticated ? '05' : '06',
      authenticated,
    };
  }
  return card;
}

// ---- whole parties ----------------------------------------------------------------------------

/** Payer of a pay-in: a person with a document, e-mail and phone, and the rail's own details. */
export function payerOf(rng: Rng, country: Country): Party & { name: string; document: string } {
  const name = personName(rng, country);
  const doc = documentOf(rng, country);
  return { name, ...doc, email: emailOf(rng, name), phone: phoneOf(rng, country) };
}

/** Beneficiary of a payout: a person or company with a bank account (a PIX key in Brazil). */
export function beneficiaryOf(rng: Rng, country: Country, pix: boolean): Party {
  const business = rng.chance(0.45);
  const name = business ? businessName(rng, country) : personName(rng, country);
  const doc = documentOf(rng, country, business);
  const bank = rng.pick(BANKS[country]);
  const party: Party = {
    name,
    ...doc,
    email: emailOf(rng, name),
    bankCode: bank.code,
    bankName: bank.name,
    accountNo: accountNoOf(rng, country, bank),
    accountType: country === 'MX' ? 'CLABE' : rng.pick(['CHECKING', 'SAVINGS']),
  };
  if (country === 'BR') party.branch = rng.chars(4);
  if (pix) {
    const pixKeyType = rng.pick(['DOCUMENT', 'PHONE', 'EMAIL', 'RANDOM'] as const);
    party.pixKeyType = pixKeyType;
    party.pixKey = pixKeyOf(rng, pixKeyType, { name, document: doc.document });
  }
  return party;
}
