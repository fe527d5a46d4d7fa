// A country's English name from its ISO 3166-1 alpha-2 code, and the list a country picker offers, sorted by name.

import { COUNTRY_CODES, type CountryCode } from '../contract/dealer-company';

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

let cached: { code: CountryCode; name: string }[] | null = null;

export function countryOptions(): { code: CountryCode; name: string }[] {
  cached ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}
