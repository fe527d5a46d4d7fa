// What the account routes take and answer (server/routes/users.ts, server/routes/user-admin.ts).

import * as v from 'valibot';
import { TokenExchangeBodySchema, TokenResponseSchema } from '../../src/contract/auth';
import { DeletedCountSchema, ModifiedCountSchema } from '../../src/contract/order';
import {
  AdminUsersQuerySchema,
  ProfileUpdateBodySchema,
  ProfileUpdateResponseSchema,
  UserListSchema,
  UserPageSchema,
  UserProfileSchema,
} from '../../src/contract/user';
import { routeSchema } from '../lib/route-schema';
import { EmailParams, IdParams } from './params';

export const userSchemas = {
  signIn: routeSchema({
    summary: 'Sign in: an ID token buys an access token',
    description:
      'Send a Firebase ID token of the account `{email}` as the bearer token, and the same e-mail in the body. The account is ' +
      'made on its first sign-in. The access token answered is the bearer token of every other signed-in call.',
    tag: 'Account',
    access: 'idToken',
    params: EmailParams,
    body: TokenExchangeBodySchema,
    answers: { 200: TokenResponseSchema },
    refusals: {
      401: 'No ID token, or one that is not valid.',
      403: 'The ID token belongs to another e-mail address, or the address belongs to an earlier account not verified yet.',
      429: 'Too many sign-in attempts from this address or for this account in a minute.',
    },
  }),
  profile: routeSchema({
    summary: 'A profile',
    tag: 'Account',
    access: 'signedIn',
    params: EmailParams,
    answers: { 200: UserProfileSchema },
    refusals: { 403: 'Only its owner and admins see a profile.' },
  }),
  updateProfile: routeSchema({
    summary: 'Change one’s own profile',
    description: 'Name, address, phone and LinkedIn page; admins also whether they get an e-mail for every paid order. E-mail and role cannot be changed.',
    tag: 'Account',
    access: 'signedIn',
    params: EmailParams,
    body: ProfileUpdateBodySchema,
    answers: { 200: ProfileUpdateResponseSchema },
    refusals: { 403: 'Only its owner changes a profile.' },
  }),
};

export const userAdminSchemas = {
  list: routeSchema({
    summary: 'Every account, or a page of them',
    description: 'Without a query, every account as an array. With any of `page`, `pageSize` or `q` (a part of the e-mail), one page, oldest first.',
    tag: 'Admin',
    access: 'admin',
    query: AdminUsersQuerySchema,
    answers: { 200: v.union([UserListSchema, UserPageSchema]) },
  }),
  makeAdmin: routeSchema({
    summary: 'Make an account an admin',
    description: '`modifiedCount` is 0 when it already was.',
    tag: 'Admin',
    access: 'admin',
    params: EmailParams,
    answers: { 200: ModifiedCountSchema },
    refusals: { 409: 'The account is a sales rep: it is made a customer first.' },
  }),
  approveDealer: routeSchema({
    summary: 'Approve an account as a dealer',
    description: 'Its unpaid orders hold stock from now on. `modifiedCount` is 0 when it already was approved.',
    tag: 'Admin',
    access: 'admin',
    params: EmailParams,
    answers: { 200: ModifiedCountSchema },
  }),
  remove: routeSchema({
    summary: 'Delete an account',
    description: 'With its unpaid orders, whose payments are cancelled first; paid orders stay.',
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 403: 'Admins cannot delete themselves, and the caller must be an admin.', 409: 'The last admin cannot be deleted.' },
  }),
};
