// What admins see of the mail queue (docs/decisions/013-invoices-and-mail-queue.md): e-mails that could
// not be sent, given up or waiting for their next try, with the mail server's reason.

import type { FastifyPluginAsync } from 'fastify';
import { mailFailuresSchema } from '../schemas/admin';

const mail: FastifyPluginAsync = async (app) => {
  app.get('/mail/failures', { preHandler: app.guards.admin, schema: mailFailuresSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.services.mail.failures();
  });
};
export default mail;
