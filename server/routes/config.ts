import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../src/contract/config';
import { getShopSettings } from '../repositories/shop-settings';
import { configSchema } from '../schemas/service';

const config: FastifyPluginAsync = async (app) => {
  const { firebase, payments } = app.deps.config;
  const clientConfig: Omit<ClientConfig, 'newCustomers'> = {
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      emulatorUrl:
        firebase.mode === 'emulator' ? `http://${firebase.emulatorHost === '0.0.0.0' ? '127.0.0.1' : firebase.emulatorHost}:${firebase.emulatorPort}` : null,
    },
    payments: {
      provider: payments.provider,
      publishableKey: payments.provider === 'stripe' ? payments.publishableKey : null,
    },
  };
  app.get('/config', { schema: configSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    // Read each time: an admin may change it while the server runs, and the register page asks before it shows.
    const { newCustomers } = await getShopSettings(app.deps.database.db);
    const answer: ClientConfig = { ...clientConfig, newCustomers };
    return answer;
  });
};
export default config;
