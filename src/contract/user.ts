import * as v from 'valibot';
import { cleanDisplayText, isBlankToReaders } from './display-text';
import { NAME_MAX_LENGTH } from './constants';
import { AddressSchema, HttpUrlSchema, PhoneSchema, queryInt, requiredText } from './fields';
import { validationMessages as m } from './messages';

/** `rep`: a sales rep, who orders for the companies assigned to it (docs/decisions/043-sales-reps.md). */
export const ROLES = ['admin', 'customer', 'rep'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/users/{email}. */
export const UserProfileSchema = v.object({
  admin: v.boolean(),
  /** A sales rep: orders for its companies, belongs to none, sees no admin page. Left out for everyone else. */
  rep: v.optional(v.boolean()),
  email: v.string(),
  displayName: v.string(),
  address: v.string(),
  phone: v.string(),
  linkedin: v.string(),
  emailVerified: v.boolean(),
  /** The e-mail is on the server's admin list but not verified yet: it becomes admin once verified. */
  adminPending: v.optional(v.boolean()),
  /** Admins: an e-mail for every paid order. Optional so a profile saved before it still reads. */
  notifyPaidOrders: v.optional(v.boolean()),
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;

/** GET /api/users. */
export const UserRowSchema = v.object({
  _id: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  /**
   * The shop trusts the account to hold stock with unpaid orders: it has paid an order, or an admin approved
   * it as a dealer (docs/decisions/027). In the paged list only; the spec's plain list keeps its shape.
   */
  trusted: v.optional(v.boolean()),
});
export type UserRow = v.InferOutput<typeof UserRowSchema>;
export const UserListSchema = v.array(UserRowSchema);

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
export const ADMIN_USERS_SEARCH_MAX_LENGTH = 100;

/**
 * GET /api/users?page&pageSize&q (admins): one page of accounts, oldest first, `q` a part of the e-mail.
 * Without any of the three the answer stays the spec's bare array, which its clients expect.
 */
export const AdminUsersQuerySchema = v.object({
  page: v.optional(queryInt('page', 1_000_000), '1'),
  pageSize: v.optional(queryInt('pageSize', ADMIN_USERS_MAX_PAGE_SIZE), String(ADMIN_USERS_PAGE_SIZE)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_USERS_SEARCH_MAX_LENGTH, `q must be at most ${ADMIN_USERS_SEARCH_MAX_LENGTH} characters`))),
});
export type AdminUsersQuery = v.InferOutput<typeof AdminUsersQuerySchema>;

export const UserPageSchema = v.object({ items: UserListSchema, total: v.number(), page: v.number(), pageSize: v.number() });
export type UserPage = v.InferOutput<typeof UserPageSchema>;

/** Body of PATCH /api/user/{email}. E-mail and role cannot be changed through it. */
export const ProfileUpdateBodySchema = v.strictObject({
  userName: v.optional(
    v.pipe(
      requiredText(m.nameRequired, NAME_MAX_LENGTH),
      v.transform(cleanDisplayText),
      v.check((name) => !isBlankToReaders(name), m.nameRequired),
    ),
  ),
  address: AddressSchema,
  phone: PhoneSchema,
  linkedin: v.optional(v.union([v.literal(''), HttpUrlSchema], m.linkedinUrl), ''),
  /** Admins: whether to get an e-mail for every paid order; left out, it stays as it is. */
  notifyPaidOrders: v.optional(v.boolean('notifyPaidOrders must be true or false')),
});
export type ProfileUpdateBody = v.InferOutput<typeof ProfileUpdateBodySchema>;

export const ProfileUpdateResponseSchema = v.object({ matchedCount: v.number() });

/** The My Profile form: name and e-mail are shown read-only, so only these fields are edited. */
export const ProfileFormSchema = v.omit(ProfileUpdateBodySchema, ['userName']);
export type ProfileForm = v.InferInput<typeof ProfileFormSchema>;
