// Admin user management (DESIGN sections 4 and 5): list users, make an admin, delete a user.
// The last admin cannot be deleted and nobody deletes themselves.

import type { FastifyPluginAsync } from 'fastify';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import { AppError, forbidden, notFound } from '../errors';
import { parseParam } from '../lib/validate';
import { deleteUserWithUnpaidOrders, findUserByEmail, listUsers, lockAdminIds, lockUserById, makeAdmin } from '../repositories/users';

const userAdmin: FastifyPluginAsync = async (app) => {
  const { database, identity } = app.deps;
  const { db } = database;
  const admin = { preHandler: app.guards.admin };

  app.get('/users', admin, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listUsers(db);
  });

  app.put<{ Params: { email: string } }>('/user/admin/:email', admin, async (request) => {
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const target = await findUserByEmail(db, email);
    if (!target) throw notFound('That user');
    // Zero when the user is already an admin: promoting twice changes nothing.
    return { modifiedCount: await makeAdmin(db, email) };
  });

  app.delete<{ Params: { id: string } }>('/users/:id', admin, async (request) => {
    const me = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That user');
    if (id === me.id) throw forbidden('You cannot delete your own account.');

    const deletedCount = await db.transaction(async (tx) => {
      // The admin rows stay locked until commit: two admins deleting each other at the same moment
      // are serialised here, and the second finds it is no longer an admin.
      const adminIds = await lockAdminIds(tx);
      if (!adminIds.includes(me.id)) throw forbidden('This needs an admin account.');
      const target = await lockUserById(tx, id);
      if (!target) throw notFound('That user');
      if (target.role === 'admin' && adminIds.length <= 1) throw new AppError('conflict', 'The last admin cannot be deleted.');
      const count = await deleteUserWithUnpaidOrders(tx, id);
      // Inside the transaction: if the identity provider refuses, the user row stays and the admin can retry.
      if (target.firebaseUid) await identity.deleteUser(target.firebaseUid);
      return count;
    });
    return { deletedCount };
  });
};
export default userAdmin;
