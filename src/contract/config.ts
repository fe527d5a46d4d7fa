import * as v from 'valibot';

/** GET /api/config: the runtime settings the browser may see, and nothing else. */
export const ClientConfigSchema = v.object({
  firebase: v.object({
    apiKey: v.string(),
    authDomain: v.string(),
    projectId: v.string(),
    /** Set in local mode: the Auth emulator's URL as the browser reaches it. */
    emulatorUrl: v.nullable(v.string()),
  }),
  payments: v.object({
    provider: v.picklist(['stripe', 'sandbox']),
    publishableKey: v.nullable(v.string()),
  }),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;
