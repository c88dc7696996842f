import { z } from 'zod';

/** Supported countries (spec §3), in the order the country selector shows them. */
export const COUNTRIES = ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'] as const;
export type Country = (typeof COUNTRIES)[number];
export const CountrySchema = z.enum(COUNTRIES);

export const CURRENCIES = ['BRL', 'MXN', 'USD', 'COP', 'CLP', 'PEN', 'ZAR', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

/** Local currency and the IANA time zone of each country's business day. */
export const COUNTRY_INFO: Readonly<Record<Country, { currency: Currency; timezoneName: string }>> = {
  US: { currency: 'USD', timezoneName: 'America/New_York' },
  BR: { currency: 'BRL', timezoneName: 'America/Sao_Paulo' },
  MX: { currency: 'MXN', timezoneName: 'America/Mexico_City' },
  CO: { currency: 'COP', timezoneName: 'America/Bogota' },
  CL: { currency: 'CLP', timezoneName: 'America/Santiago' },
  PE: { currency: 'PEN', timezoneName: 'America/Lima' },
  ZA: { currency: 'ZAR', timezoneName: 'Africa/Johannesburg' },
};

/** An authorised area of the signed-in user (spec §3 areaAuthorityList entry). */
export const AreaAuthority = z.object({
  code: CountrySchema,
  currency: CurrencySchema,
  /** Offset label at the time of the response, like `UTC-3` or `UTC+5:30`. */
  timezone: z.string(),
  /** IANA zone name, like `America/Sao_Paulo`. */
  timezoneName: z.string(),
});
export type AreaAuthority = z.infer<typeof AreaAuthority>;

/** `UTC±H[:MM]` label of a zone's offset at `at`. */
export function utcOffsetLabel(timezoneName: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezoneName, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 'UTC+0';
  const hours = Number(m[2]);
  const minutes = m[3] === '00' ? '' : `:${m[3]}`;
  return `UTC${m[1]}${hours}${minutes}`;
}

export function areaAuthorityOf(country: Country, at: Date = new Date()): AreaAuthority {
  const info = COUNTRY_INFO[country];
  return { code: country, currency: info.currency, timezone: utcOffsetLabel(info.timezoneName, at), timezoneName: info.timezoneName };
}
