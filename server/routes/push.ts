// Notifications on a device (docs/notifications.md): the settings My Profile shows and saves, and the devices an
// account receives them on. Every route acts on the signed-in account alone: a device is found by its push
// service address among that account's devices only.

import type { FastifyPluginAsync } from 'fastify';
import {
  PushSettingsBodySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  pushKindsFor,
  pushMessages,
  type PushDevice,
  type PushSettings,
} from '../../src/contract/push';
import { currentUser, type AuthUser } from '../auth/guards';
import type { Tx } from '../db/client';
import { AppError, invalid } from '../errors';
import { parseBody } from '../lib/validate';
import { approvesOrders } from '../repositories/order-approvals';
import { deleteSubscription, findMutedKinds, saveSubscription, setMutedKinds } from '../repositories/push';
import { pushSchemas as schemas } from '../schemas/push';
import { isAllowedEndpoint } from '../services/push';

const pushRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const { push } = app.deps.config;
  const signedIn = app.guards.signedIn;

  const settingsOf = async (tx: Tx, user: AuthUser): Promise<PushSettings> => {
    const kinds = pushKindsFor(user.role, user.role === 'customer' && (await approvesOrders(tx, user.id)));
    const muted = await findMutedKinds(tx, user.id);
    return { publicKey: push.vapid.publicKey, kinds, muted: kinds.filter((kind) => muted.includes(kind)) };
  };

  app.get('/push/settings', { preHandler: signedIn, schema: schemas.settings }, async (request, reply): Promise<PushSettings> => {
    void reply.header('cache-control', 'no-store');
    return settingsOf(db, currentUser(request));
  });

  app.put('/push/settings', { preHandler: signedIn, schema: schemas.putSettings }, async (request): Promise<PushSettings> => {
    const body = parseBody(PushSettingsBodySchema, request.body);
    const user = currentUser(request);
    await setMutedKinds(db, user.id, [...new Set(body.muted)]);
    return settingsOf(db, user);
  });

  app.put('/push/subscriptions', { preHandler: signedIn, schema: schemas.subscribe }, async (request, reply): Promise<PushDevice> => {
    const body = parseBody(PushSubscriptionBodySchema, request.body);
    if (!isAllowedEndpoint(body.endpoint, push.anyPushService)) {
      throw invalid(`endpoint: ${pushMessages.endpointNotAllowed}`, { fields: [{ field: 'endpoint', message: pushMessages.endpointNotAllowed }] });
    }
    const created = await db.transaction((tx) => saveSubscription(tx, currentUser(request).id, body));
    void reply.status(created ? 201 : 200);
    return { subscribed: true };
  });

  app.delete('/push/subscriptions', { preHandler: signedIn, schema: schemas.unsubscribe }, async (request): Promise<PushDevice> => {
    const body = parseBody(PushUnsubscribeBodySchema, request.body);
    if (!(await deleteSubscription(db, currentUser(request).id, body.endpoint))) throw new AppError('not_found', pushMessages.notFound);
    return { subscribed: false };
  });
};

export default pushRoutes;
