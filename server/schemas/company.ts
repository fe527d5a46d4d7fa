// What the company routes take and answer (server/routes/companies.ts).

import {
  CompanySchema,
  CompanyUpdateBodySchema,
  LocationCreateBodySchema,
  LocationSchema,
  LocationUpdateBodySchema,
  MyCompanySchema,
} from '../../src/contract/dealer-company';
import { DeletedCountSchema } from '../../src/contract/order';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const ONLY_COMPANY_ADMIN = 'The caller is a buyer, not its company’s admin, or an admin of the shop, who belongs to no company.';

export const companySchemas = {
  mine: routeSchema({
    summary: 'One’s own company',
    description: 'The company the caller belongs to, its locations (the default first) and the caller’s role in it; for a company admin ' + 'also its members.',
    tag: 'Account',
    access: 'signedIn',
    answers: { 200: MyCompanySchema },
    refusals: { 404: 'The account belongs to no company (admins of the shop belong to none).' },
  }),
  update: routeSchema({
    summary: 'Change one’s company',
    description: 'Its name, country (ISO 3166-1 alpha-2) and tax number (null or empty: none). Fields left out stay as they are.',
    tag: 'Account',
    access: 'signedIn',
    body: CompanyUpdateBodySchema,
    answers: { 200: CompanySchema },
    refusals: { 403: ONLY_COMPANY_ADMIN },
  }),
  addLocation: routeSchema({
    summary: 'Add a location to one’s company',
    description: 'A branch with its ship-to address, phone and contact. The company’s first location is its default.',
    tag: 'Account',
    access: 'signedIn',
    body: LocationCreateBodySchema,
    answers: { 201: LocationSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN },
  }),
  updateLocation: routeSchema({
    summary: 'Change a location of one’s company',
    description: 'Fields left out stay as they are.',
    tag: 'Account',
    access: 'signedIn',
    params: IdParams,
    body: LocationUpdateBodySchema,
    answers: { 200: LocationSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN },
  }),
  deleteLocation: routeSchema({
    summary: 'Delete a location of one’s company',
    description: 'The default location can be deleted only when it is the company’s last one.',
    tag: 'Account',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN, 409: 'The location is the default and the company has others: make another one the default first.' },
  }),
  makeDefaultLocation: routeSchema({
    summary: 'Make a location the default of one’s company',
    description: 'The company’s former default stops being it.',
    tag: 'Account',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: LocationSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN },
  }),
};
