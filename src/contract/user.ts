import * as v from 'valibot';
import { NAME_MAX_LENGTH } from './constants';
import { HttpUrlSchema, PhoneSchema, requiredText } from './fields';
import { validationMessages as m } from './messages';
import { AddressSchema } from './order';

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/users/{email}. */
export const UserProfileSchema = v.object({
  admin: v.boolean(),
  email: v.string(),
  displayName: v.string(),
  address: v.string(),
  phone: v.string(),
  linkedin: v.string(),
  emailVerified: v.boolean(),
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;

/** GET /api/users. */
export const UserRowSchema = v.object({ _id: v.string(), email: v.string(), role: v.picklist(ROLES) });
export type UserRow = v.InferOutput<typeof UserRowSchema>;
export const UserListSchema = v.array(UserRowSchema);

/** Body of PATCH /api/user/{email}. E-mail and role cannot be changed through it. */
export const ProfileUpdateBodySchema = v.strictObject({
  userName: v.optional(requiredText(m.nameRequired, NAME_MAX_LENGTH)),
  address: AddressSchema,
  phone: PhoneSchema,
  linkedin: v.optional(v.union([v.literal(''), HttpUrlSchema], m.linkedinUrl), ''),
});
export type ProfileUpdateBody = v.InferOutput<typeof ProfileUpdateBodySchema>;

export const ProfileUpdateResponseSchema = v.object({ matchedCount: v.number() });

/** The My Profile form: name and e-mail are shown read-only, so only these fields are edited. */
export const ProfileFormSchema = v.omit(ProfileUpdateBodySchema, ['userName']);
export type ProfileForm = v.InferInput<typeof ProfileFormSchema>;
