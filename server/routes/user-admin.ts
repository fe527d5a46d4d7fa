// Admin user management (docs/architecture.md, "Identity and access"): list users, make an admin, approve a
// dealer, delete a user.
// The last admin cannot be deleted and nobody deletes themselves.

import type { FastifyPluginAsync } from 'fastify';
import { repMessages } from '../../src/contract/sales-rep';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { AdminUsersQuerySchema } from '../../src/contract/user';
import { currentUser } from '../auth/guards';
import { AppError, forbidden, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { userAdminSchemas as schemas } from '../schemas/account';
import { deleteUserRow, findUserByEmail, listUsers, listUsersPage, lockAdminIds, lockUserById, makeAdmin, trustUser } from '../repositories/users';

const userAdmin: FastifyPluginAsync = async (app) => {
  const { database, identity } = app.deps;
  const { db } = database;
  const admin = app.guards.admin;

  // The spec's clients read every account as an array; Make Admin asks for a page (`page`, `pageSize` or
  // `q` present) and gets `{items, total, page, pageSize}`, like GET /orders (docs/decisions/004).
  app.get('/users', { preHandler: admin, schema: schemas.list }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const raw = request.query as Record<string, unknown>;
    if (raw.page === undefined && raw.pageSize === undefined && raw.q === undefined) return listUsers(db);
    const query = parseBody(AdminUsersQuerySchema, raw);
    const { items, total } = await listUsersPage(db, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.put<{ Params: { email: string } }>('/user/admin/:email', { preHandler: admin, schema: schemas.makeAdmin }, async (request) => {
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const target = await findUserByEmail(db, email);
    if (!target) throw notFound('That user');
    // A rep keeps its companies until it is a customer again: it becomes an admin from there (docs/decisions/043).
    if (target.role === 'rep') throw new AppError('conflict', repMessages.repNotAdmin);
    // Zero when the user is already an admin: promoting twice changes nothing.
    return { modifiedCount: await makeAdmin(db, email) };
  });

  // Approves the account as a dealer: its unpaid orders hold stock from now on, as they do once it has paid
  // an order (docs/decisions/027). Zero when it already was.
  app.put<{ Params: { email: string } }>('/user/dealer/:email', { preHandler: admin, schema: schemas.approveDealer }, async (request) => {
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const target = await findUserByEmail(db, email);
    if (!target) throw notFound('That user');
    return { modifiedCount: (await trustUser(db, target.id)) ? 1 : 0 };
  });

  app.delete<{ Params: { id: string } }>('/users/:id', { preHandler: admin, schema: schemas.remove }, async (request) => {
    const me = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That user');
    if (id === me.id) throw forbidden('You cannot delete your own account.');
    // A payment that went through keeps its order (as Paid); every other one is cancelled at the
    // processor first, so no card can pay for an order deleted with its owner.
    await app.services.orders.settleUnpaidOf(id);

    const deletedCount = await db.transaction(async (tx) => {
      // The admin rows stay locked until commit: two admins deleting each other at the same moment
      // are serialised here, and the second finds it is no longer an admin.
      const adminIds = await lockAdminIds(tx);
      if (!adminIds.includes(me.id)) throw forbidden('This needs an admin account.');
      const target = await lockUserById(tx, id);
      if (!target) throw notFound('That user');
      if (target.role === 'admin' && adminIds.length <= 1) throw new AppError('conflict', 'The last admin cannot be deleted.');
      // Its unpaid orders go with it and give back the stock they held; paid and shipped ones stay for the records.
      await app.services.orders.deleteUnpaidOf(tx, id);
      const count = await deleteUserRow(tx, id);
      // Inside the transaction: if the identity provider refuses, the user row stays and the admin can retry.
      if (target.firebaseUid) await identity.deleteUser(target.firebaseUid);
      return count;
    });
    return { deletedCount };
  });
};
export default userAdmin;
