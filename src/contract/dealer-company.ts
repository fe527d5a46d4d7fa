// A dealer's company as the API and the My Company page agree on it: the company, its locations (ship-to
// addresses, one the default) and its members (docs/decisions/040-dealer-companies.md).

import * as v from 'valibot';
import { cleanDisplayText, isBlankToReaders } from './display-text';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { EmailSchema, PhoneSchema, requiredText } from './fields';
import { validationMessages as m } from './messages';
import { CURRENCIES } from './money';
import { approvalMessages, SpendingLimitSchema } from './spending-limits';

/** Every ISO 3166-1 alpha-2 country code: the only countries a company may name. */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI',
  'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK',
  'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP',
  'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF',
  'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** A company made for a customer whose account says nothing of its country (every account, so far). */
export const DEFAULT_COUNTRY: CountryCode = 'US';

export const COMPANY_STATUSES = ['applied', 'approved', 'rejected', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const MEMBER_ROLES = ['company_admin', 'buyer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How long an invitation to join a company stays open. */
export const INVITATION_TTL_DAYS = 7;
/** Invitations one company may send in a day: each is a mail to an address nobody has verified yet. */
export const INVITATIONS_PER_DAY = 20;

export const TAX_NUMBER_MAX_LENGTH = 20;
export const LOCATION_NAME_MAX_LENGTH = 80;

export const companyMessages = {
  nameRequired: 'Company name is required',
  countryRequired: 'Choose your country from the list',
  regionCharacters: 'A state or region is a code of one to three letters or digits, such as CA or NSW; leave it empty for the whole country',
  taxNumberCharacters: 'A tax number has only letters, digits, spaces and dashes',
  taxNumberTooLong: `A tax number has at most ${TAX_NUMBER_MAX_LENGTH} characters`,
  locationNameRequired: 'Location name is required',
  contactRequired: 'Contact name is required',
  onlyCompanyAdmin: 'Only your company’s admin can change the company and its locations.',
  noCompany: 'Your account does not belong to a company.',
  defaultInUse: 'This is your default location. Make another location the default before deleting this one.',
  notApproved: 'Your company’s application is waiting for approval: you can browse and fill the order pad; ordering opens once the shop approves it.',
  onlyCompanyAdminPeople: 'Only your company’s admin can invite people and change who buys for it.',
  roleRequired: 'Choose a role: buyer or company admin',
  seeAllOrdersChoice: 'Choose whether the buyer sees all of the company’s orders',
  alreadyMember: 'That address already belongs to a member of your company.',
  inviterUnverified: 'Verify your own e-mail address first (My Profile, Resend verification e-mail): only a verified company admin can invite people.',
  tooManyInvitations: `Your company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most it may. Please try again tomorrow.`,
  invitationExpired: 'This invitation has expired. Ask the company’s admin to send you a new one.',
  invitationRevoked: 'This invitation was withdrawn by the company’s admin. Ask them to send you a new one if you still need it.',
  invitationAccepted: 'This invitation has already been used to join the company.',
  invitationUnknown: 'This invitation link is not valid. Check that you opened the whole link from the e-mail.',
  invitationWrongAddress: (email: string) => `This invitation is for ${email}. Sign out and sign in or register with that address to accept it.`,
  invitationUnverified: (email: string) =>
    `Verify your e-mail address ${email} first: open the link in the verification e-mail we sent you (My Profile can send it again), then accept.`,
  adminsCannotJoin: 'Admins of the shop cannot join a dealer’s company.',
  alreadyInCompany: (company: string) => `You already belong to ${company}.`,
  alreadyBuysFor: (company: string) => `You already buy for ${company}; ask its admin to remove you first.`,
  lastAdmin: 'A company needs at least one company admin. Make another member a company admin first.',
  memberNotFound: 'That member',
  invitationNotFound: 'That invitation',
  rejected: 'The shop turned down your company’s application, so your company cannot order.',
  suspended: 'The shop has suspended your company’s account, so your company cannot order for now.',
} as const;

/** A name people read: trimmed, invisible characters removed, and something left to read. */
function readableName(requiredMessage: string, max: number) {
  return v.pipe(
    requiredText(requiredMessage, max),
    v.transform(cleanDisplayText),
    v.check((name) => !isBlankToReaders(name), requiredMessage),
  );
}

export const CompanyNameSchema = readableName(companyMessages.nameRequired, NAME_MAX_LENGTH);

export const CountrySchema = v.pipe(
  v.string(companyMessages.countryRequired),
  v.trim(),
  v.toUpperCase(),
  v.check((code) => COUNTRY_SET.has(code), companyMessages.countryRequired),
);

/** A state or region code within a country (ISO 3166-2's part after the dash, such as CA or NSW), or '' for the whole country. */
export const RegionSchema = v.pipe(
  v.string(companyMessages.regionCharacters),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9]{0,3}$/u, companyMessages.regionCharacters),
);

/** Letters, digits, spaces and dashes, at most 20; left empty (or null), the company has none. */
export const TaxNumberSchema = v.pipe(
  v.nullable(v.string(companyMessages.taxNumberCharacters)),
  v.transform((text) => (text ?? '').trim()),
  v.maxLength(TAX_NUMBER_MAX_LENGTH, companyMessages.taxNumberTooLong),
  v.regex(/^[\p{L}\p{N} -]*$/u, companyMessages.taxNumberCharacters),
  v.transform((text) => (text === '' ? null : text)),
);

/** The company's details form; every field is sent. */
export const CompanyFormSchema = v.strictObject({
  name: CompanyNameSchema,
  country: CountrySchema,
  taxNumber: TaxNumberSchema,
});
export type CompanyForm = v.InferInput<typeof CompanyFormSchema>;

/** Body of PATCH /api/company: any of the company's details; those left out stay as they are. */
export const CompanyUpdateBodySchema = v.partial(CompanyFormSchema);
export type CompanyUpdateBody = v.InferOutput<typeof CompanyUpdateBodySchema>;

/** A location as the dealer types it: the same address and phone an order's delivery takes. */
export const LocationFormSchema = v.strictObject({
  name: readableName(companyMessages.locationNameRequired, LOCATION_NAME_MAX_LENGTH),
  address: requiredText(m.addressRequired, ADDRESS_MAX_LENGTH),
  phone: PhoneSchema,
  contactName: readableName(companyMessages.contactRequired, NAME_MAX_LENGTH),
  /** The ship-to country and state or region, which decide the tax; left out, the company's country, the whole of it. */
  country: v.optional(CountrySchema),
  region: v.optional(RegionSchema),
});
export type LocationForm = v.InferInput<typeof LocationFormSchema>;
/** Body of POST /api/company/locations. */
export const LocationCreateBodySchema = LocationFormSchema;
/** Body of PATCH /api/company/locations/{id}: any of the fields; those left out stay as they are. */
export const LocationUpdateBodySchema = v.partial(LocationFormSchema);
export type LocationUpdateBody = v.InferOutput<typeof LocationUpdateBodySchema>;

export const CompanySchema = v.object({
  id: v.string(),
  name: v.string(),
  country: v.string(),
  taxNumber: v.nullable(v.string()),
  status: v.picklist(COMPANY_STATUSES),
  /** Why the shop rejected or suspended it, as the admin wrote it; null (or left out) otherwise. */
  statusReason: v.optional(v.nullable(v.string())),
  /** Exempt under the reverse charge (set by the shop, with its tax number): its orders carry no tax. */
  taxExempt: v.optional(v.boolean()),
  /** The tax of an order to an address typed for it: the company's country's rate (millionths) and name; 0 and null where none is set. */
  taxRateMicros: v.optional(v.number()),
  taxName: v.optional(v.nullable(v.string())),
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const LocationSchema = v.object({
  id: v.string(),
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  contactName: v.string(),
  isDefault: v.boolean(),
  /** The ship-to country and region ('' for the whole country); optional so copies saved before still read. */
  country: v.optional(v.string()),
  region: v.optional(v.string()),
  /** The tax rate of an order shipped here (millionths) and its name; 0 and null where the shop sets none. */
  taxRateMicros: v.optional(v.number()),
  taxName: v.optional(v.nullable(v.string())),
});
export type Location = v.InferOutput<typeof LocationSchema>;

export const MemberSchema = v.object({
  userId: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(MEMBER_ROLES),
  canSeeAllOrders: v.boolean(),
  joinedAt: v.string(),
  /** Spending limits in minor units of the company's currency (null: none) and whether they approve orders over one (docs/decisions/055). */
  orderLimitMinor: v.optional(v.nullable(v.number())),
  monthlyLimitMinor: v.optional(v.nullable(v.number())),
  isApprover: v.optional(v.boolean()),
});
export type Member = v.InferOutput<typeof MemberSchema>;

/** An invitation still open, as its company's admins see it. */
export const InvitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  role: v.picklist(MEMBER_ROLES),
  /** The address of the company admin who sent it; null once their account is gone. */
  invitedBy: v.nullable(v.string()),
  createdAt: v.string(),
  expiresAt: v.string(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

/**
 * GET /api/company: the caller's company, its locations (the default first) and the caller's own role;
 * the members only for a company admin.
 */
export const MyCompanySchema = v.object({
  company: CompanySchema,
  role: v.picklist(MEMBER_ROLES),
  locations: v.array(LocationSchema),
  members: v.optional(v.array(MemberSchema)),
  /** For a company admin: the invitations still open, newest first. */
  invitations: v.optional(v.array(InvitationSchema)),
  /** The currency of the company's prices, in which its spending limits are set; US dollars at list price. */
  currency: v.optional(v.picklist(CURRENCIES)),
  /** The caller approves the company's orders over a spending limit: a company admin, or a member named approver. */
  approver: v.optional(v.boolean()),
});
export type MyCompany = v.InferOutput<typeof MyCompanySchema>;

/** Body of POST /api/company/invitations: the address to invite (kept in lower case) and the role they get. */
export const InvitationBodySchema = v.strictObject({
  email: EmailSchema,
  role: v.picklist(MEMBER_ROLES, companyMessages.roleRequired),
});
export type InvitationBody = v.InferInput<typeof InvitationBodySchema>;

/** GET /api/invitations/{token}: what the join page shows of an open invitation, to anyone holding its link. */
export const PublicInvitationSchema = v.object({
  companyName: v.string(),
  role: v.picklist(MEMBER_ROLES),
  email: v.string(),
  expiresAt: v.string(),
});
export type PublicInvitation = v.InferOutput<typeof PublicInvitationSchema>;

/** Body of PATCH /api/company/members/{userId}: the member's role, and whether a buyer sees all the company's orders. */
export const MemberUpdateBodySchema = v.strictObject({
  role: v.optional(v.picklist(MEMBER_ROLES, companyMessages.roleRequired)),
  canSeeAllOrders: v.optional(v.boolean(companyMessages.seeAllOrdersChoice)),
  /** A buyer's spending limits, null for none, and whether the member approves orders over one (docs/decisions/055). */
  orderLimitMinor: v.optional(SpendingLimitSchema),
  monthlyLimitMinor: v.optional(SpendingLimitSchema),
  isApprover: v.optional(v.boolean(approvalMessages.approverChoice)),
});
export type MemberUpdateBody = v.InferOutput<typeof MemberUpdateBodySchema>;

/** POST /api/invitations/{token}/accept: the company joined and the role in it. */
export const JoinedCompanySchema = v.object({
  company: CompanySchema,
  role: v.picklist(MEMBER_ROLES),
});
export type JoinedCompany = v.InferOutput<typeof JoinedCompanySchema>;
