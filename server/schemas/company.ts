// What the company routes take and answer (server/routes/companies.ts).

import * as v from 'valibot';
import {
  CompanySchema,
  CompanyUpdateBodySchema,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_DAY,
  InvitationBodySchema,
  InvitationSchema,
  JoinedCompanySchema,
  LocationCreateBodySchema,
  LocationSchema,
  LocationUpdateBodySchema,
  MemberSchema,
  MemberUpdateBodySchema,
  MyCompanySchema,
  PublicInvitationSchema,
} from '../../src/contract/dealer-company';
import { IdSchema } from '../../src/contract/fields';
import { DeletedCountSchema } from '../../src/contract/order';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const UserIdParams = v.object({ userId: IdSchema });
/** The token of an invitation's link, as its mail carries it. */
const TokenParams = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/u)) });
const GONE = 'The invitation has expired, was revoked by the company’s admin, or was already accepted: the message says which.';

const ONLY_COMPANY_ADMIN = 'The caller is a buyer, not its company’s admin, or an admin of the shop, who belongs to no company.';

export const companySchemas = {
  mine: routeSchema({
    summary: 'One’s own company',
    description:
      'The company the caller belongs to, its locations (the default first) and the caller’s role in it; for a company admin ' +
      'also its members and the invitations still open.',
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
  invite: routeSchema({
    summary: 'Invite someone to one’s company',
    description:
      `Mails an invitation to the address (kept in lower case) to join the company as a buyer or a company admin, open for ${INVITATION_TTL_DAYS} days. ` +
      'An open invitation to the same address is revoked and replaced. The caller’s own address must be verified: they vouch for the one they invite.',
    tag: 'Account',
    access: 'signedIn',
    body: InvitationBodySchema,
    answers: { 201: InvitationSchema },
    refusals: {
      403: `${ONLY_COMPANY_ADMIN} Or the caller’s address is not verified.`,
      409: 'The address belongs to a member of the company already.',
      429: `The company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours.`,
    },
  }),
  revokeInvitation: routeSchema({
    summary: 'Revoke an invitation to one’s company',
    description: 'Its link stops working, and its mail is not sent if it has not gone yet.',
    tag: 'Account',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN },
  }),
  updateMember: routeSchema({
    summary: 'Change a member of one’s company',
    description:
      'Their role, whether a buyer sees all of the company’s orders, a buyer’s spending limits per order and per calendar month (minor units of ' +
      'the company’s currency, null for none; docs/decisions/055) and whether the member approves orders over a limit (company admins always do). ' +
      'Fields left out stay as they are.',
    tag: 'Account',
    access: 'signedIn',
    params: UserIdParams,
    body: MemberUpdateBodySchema,
    answers: { 200: MemberSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN, 409: 'The member is the company’s last company admin.' },
  }),
  removeMember: routeSchema({
    summary: 'Remove a member from one’s company',
    description: 'The person removed gets a company of one of their own (approved, named after them), so they can still order for themselves.',
    tag: 'Account',
    access: 'signedIn',
    params: UserIdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 403: ONLY_COMPANY_ADMIN, 409: 'The member is the company’s last company admin.' },
  }),
  invitation: routeSchema({
    summary: 'An invitation, by its link',
    description: 'What the join page shows: the company, the role and the address invited, while the invitation is open.',
    tag: 'Account',
    access: 'anyone',
    params: TokenParams,
    answers: { 200: PublicInvitationSchema },
    refusals: { 410: GONE },
  }),
  accept: routeSchema({
    summary: 'Accept an invitation',
    description:
      'Joins the company with the invited role. The caller’s verified address must be the one invited. The company the caller leaves is ' +
      'deleted when they were its only member; their past orders keep its name.',
    tag: 'Account',
    access: 'signedIn',
    params: TokenParams,
    answers: { 200: JoinedCompanySchema },
    refusals: {
      403: 'The caller’s address is not the one invited, or not verified yet; or the caller is an admin of the shop.',
      409: 'The caller buys for a company with other members, who must remove them first; or already belongs to this company.',
      410: GONE,
    },
  }),
};
