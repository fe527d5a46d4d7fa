// What a sales rep is ordering for: one of its companies and where the order goes (one of that company's
// locations, or an address typed for this order alone). The last choice is remembered on the device for
// each rep account, so the next order, online or offline, starts from it (docs/decisions/043-sales-reps.md).

import type { CompanyStatus } from '../../contract/dealer-company';
import type { RepCompany } from '../../contract/sales-rep';
import { ANOTHER_ADDRESS, initialChoice } from '../../ui/location-picker';

export interface OrderingFor {
  companyId: string;
  /** A location's id, or ANOTHER_ADDRESS. */
  location: string;
}

const STORAGE_PREFIX = 'forgeline-ordering-for:';

/** The part of localStorage the choice needs; null where storage is blocked. */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

function browserStorage(): ChoiceStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const storageKey = (email: string) => `${STORAGE_PREFIX}${email.trim().toLowerCase()}`;

/** The choice this rep made last on this device, or null (none yet, unreadable, or storage blocked). */
export function rememberedChoice(email: string, storage: ChoiceStorage = browserStorage()): OrderingFor | null {
  if (!email || !storage) return null;
  try {
    const saved: unknown = JSON.parse(storage.getItem(storageKey(email)) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { companyId, location } = saved as Record<string, unknown>;
    return typeof companyId === 'string' && typeof location === 'string' ? { companyId, location } : null;
  } catch {
    return null;
  }
}

export function rememberChoice(email: string, choice: OrderingFor, storage: ChoiceStorage = browserStorage()): void {
  if (!email || !storage) return;
  try {
    storage.setItem(storageKey(email), JSON.stringify(choice));
  } catch {
    // Storage full or blocked: the next order starts from the first company instead.
  }
}

/** Only an approved company may order; the others are listed with their status. */
export const isOrderable = (company: Pick<RepCompany, 'status'>): boolean => company.status === 'approved';

const STATUS_WORDS: Record<Exclude<CompanyStatus, 'approved'>, string> = {
  applied: 'waiting for approval',
  rejected: 'application turned down',
  suspended: 'suspended',
};

/** How a company is named in the picker: a company that may not order says why. */
export function companyLabel(company: Pick<RepCompany, 'name' | 'status'>): string {
  return company.status === 'approved' ? company.name : `${company.name} (${STATUS_WORDS[company.status]}: cannot order)`;
}

/** Where an order for `company` starts: the remembered location if it is still one of its own, else its default. */
export function locationFor(company: RepCompany, remembered: OrderingFor | null): string {
  const kept = remembered?.companyId === company.id ? remembered.location : null;
  if (kept === ANOTHER_ADDRESS || company.locations.some((location) => location.id === kept)) return kept ?? ANOTHER_ADDRESS;
  return initialChoice(company.locations);
}

/**
 * The choice to start with: the remembered one while its company is still assigned and may order, else the
 * first company that may order, at its default location; null when none may.
 */
export function startingChoice(companies: readonly RepCompany[], remembered: OrderingFor | null): OrderingFor | null {
  const orderable = companies.filter(isOrderable);
  const company = orderable.find((candidate) => candidate.id === remembered?.companyId) ?? orderable[0];
  return company ? { companyId: company.id, location: locationFor(company, remembered) } : null;
}

/** Why the rep cannot place an order now, in its words; null when it can. */
export function cannotOrderReason(companies: readonly RepCompany[] | undefined): string | null {
  if (companies === undefined) return 'Your companies could not be loaded. Connect to the internet once to load them.';
  if (companies.length === 0) return 'No company is assigned to you yet; an admin assigns them on the Companies page.';
  if (!companies.some(isOrderable)) return 'None of your companies can order yet: each must be approved by the shop first.';
  return null;
}
