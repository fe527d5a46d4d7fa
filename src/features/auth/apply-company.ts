// A new dealer's application: the company's details, sent as its company admin with PATCH /api/company right
// after the account is made (the first sign-in made the company, waiting for approval, named after the person).

import { apiRequest } from '../../api/client';
import { CompanySchema, type CompanyUpdateBody } from '../../contract/dealer-company';

export function applyWithCompany(details: CompanyUpdateBody) {
  return apiRequest('/company', { method: 'PATCH', auth: true, body: details, schema: CompanySchema });
}
