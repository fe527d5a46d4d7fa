// A small local stand-in for the Stripe API: it answers the few PaymentIntent calls the server makes
// (create, retrieve, cancel, capture), so the Stripe provider is tested through the official SDK without the network.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  /** Stripe's default for new intents is `automatic_async`; `manual` only authorises until captured. */
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  description: string | null;
  receipt_email: string | null;
  livemode: false;
}

export interface RecordedCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  calls: RecordedCall[];
  /** Makes an intent as if some other code path had created it. */
  addIntent(values: { amount: number; orderId: string; status?: string; currency?: string }): FakeIntent;
  /** What confirmCardPayment with a good card does to the intent: succeeded, or authorised for a manual capture. */
  succeed(id: string): void;
  /** The next `count` calls answer with this HTTP status and a Stripe api_error. */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const calls: RecordedCall[] = [];
  const byIdempotencyKey = new Map<string, FakeIntent>();
  let failures: { status: number; left: number } | null = null;

  const makeIntent = (values: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    status?: string;
    description?: string | null;
    receipt_email?: string | null;
    capture_method?: FakeIntent['capture_method'];
  }): FakeIntent => {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: values.amount,
      currency: values.currency,
      status: values.status ?? 'requires_payment_method',
      capture_method: values.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: values.metadata,
      payment_method_types: ['card'],
      description: values.description ?? null,
      receipt_email: values.receipt_email ?? null,
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(await readBody(req));
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
      calls.push({ method: req.method ?? 'GET', path: url.pathname, form, idempotencyKey: header('idempotency-key'), authorization: header('authorization') });

      if (failures && failures.left > 0) {
        failures.left -= 1;
        send(res, failures.status, { error: { type: 'api_error', message: 'The fake Stripe is failing on purpose.' } });
        return;
      }
      if (!header('authorization')?.startsWith('Bearer sk_test_')) {
        send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = header('idempotency-key');
        const known = key ? byIdempotencyKey.get(key) : undefined;
        if (known) {
          send(res, 200, known);
          return;
        }
        const metadata: Record<string, string> = {};
        for (const [k, value] of form) {
          const m = /^metadata\[(.+)\]$/u.exec(k);
          if (m?.[1]) metadata[m[1]] = value;
        }
        const intent = makeIntent({
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          metadata,
          description: form.get('description'),
          receipt_email: form.get('receipt_email'),
          capture_method: form.get('capture_method') === 'manual' ? 'manual' : 'automatic_async',
        });
        if (key) byIdempotencyKey.set(key, intent);
        send(res, 200, intent);
        return;
      }
      const one = /^\/v1\/payment_intents\/([^/]+)$/u.exec(url.pathname);
      if (req.method === 'GET' && one?.[1]) {
        const intent = intents.get(decodeURIComponent(one[1]));
        if (intent) send(res, 200, intent);
        else
          send(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${one[1]}'` },
          });
        return;
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/u.exec(url.pathname);
      if (req.method === 'POST' && cancel?.[1]) {
        const intent = intents.get(decodeURIComponent(cancel[1]));
        if (!intent) {
          send(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${cancel[1]}'` },
          });
        } else if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          // Stripe's answer to cancelling an intent that is past cancelling.
          send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        } else {
          intent.status = 'canceled';
          send(res, 200, intent);
        }
        return;
      }
      const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/u.exec(url.pathname);
      if (req.method === 'POST' && capture?.[1]) {
        const intent = intents.get(decodeURIComponent(capture[1]));
        if (!intent) {
          send(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${capture[1]}'` },
          });
        } else if (intent.status !== 'requires_capture') {
          send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            },
          });
        } else {
          intent.status = 'succeeded';
          send(res, 200, intent);
        }
        return;
      }
      send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname}).` } });
    })().catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    calls,
    addIntent: ({ amount, orderId, status, currency = 'usd' }) => makeIntent({ amount, currency, metadata: { orderId }, ...(status ? { status } : {}) }),
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    },
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
