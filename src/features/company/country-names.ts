// The countries a company may name, with their English names, sorted by name for the country picker.

import { COUNTRY_CODES, type CountryCode } from '../../contract/dealer-company';

let cached: { code: CountryCode; name: string }[] | null = null;

/** The country's name in English; the code itself where the browser knows no name for it. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function countryOptions(): { code: CountryCode; name: string }[] {
  cached ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}
