// A new dealer's application: the company's details, sent as its company admin with PATCH /api/company right
// after the account is made (the first sign-in made the company, waiting for approval, named after the person).

import { apiRequest } from '../../api/client';
import * as v from 'valibot';
import { CompanySchema, CompanyUpdateBodySchema, MyCompanySchema, type CompanyUpdateBody } from '../../contract/dealer-company';

export function applyWithCompany(details: CompanyUpdateBody) {
  return apiRequest('/company', { method: 'PATCH', auth: true, body: details, schema: CompanySchema });
}

// Google may sign in through a redirect, which leaves the page: the company's details wait in this tab's
// session storage until the account is back, and are applied then.
const PENDING_KEY = 'forgeline:pending-application';

/** Keeps the company's details until the Google sign-in returns. */
export function keepApplication(details: CompanyUpdateBody): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(details));
}

/**
 * Applies the details kept for a Google sign-in, once, to the account's company when it is still waiting
 * for approval: a dealer who already had an account and only signed in keeps its company as it is.
 */
export async function applyKeptApplication(): Promise<void> {
  const kept = sessionStorage.getItem(PENDING_KEY);
  if (kept === null) return;
  sessionStorage.removeItem(PENDING_KEY);
  const parsed = v.safeParse(CompanyUpdateBodySchema, JSON.parse(kept));
  if (!parsed.success) return;
  const mine = await apiRequest('/company', { auth: true, schema: MyCompanySchema });
  if (mine.company.status === 'applied' && mine.role === 'company_admin') await applyWithCompany(parsed.output);
}
