import * as v from 'valibot';

/** Whether a new customer orders at once, paying by card, or applies with its company and waits for an admin. */
export const NEW_CUSTOMERS = ['order_at_once', 'apply_and_wait'] as const;
export type NewCustomers = (typeof NEW_CUSTOMERS)[number];

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
  /**
   * Whether a new customer applies with its company's details and waits for approval. Optional so a copy
   * remembered before it was added still reads.
   */
  newCustomers: v.optional(v.picklist(NEW_CUSTOMERS), 'order_at_once'),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;
