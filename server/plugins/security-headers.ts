// Security headers with a Content-Security-Policy the PWA works under (issue: HTTP hardening).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const stripe = config.payments.provider === 'stripe';
  const fb = config.firebase;
  const emulator = fb.mode === 'emulator' ? [`http://${fb.emulatorHost}:${fb.emulatorPort}`, `http://localhost:${fb.emulatorPort}`] : [];
  return {
    'default-src': ["'self'"],
    // apis.google.com serves the script Firebase uses for the Google popup and redirect. 'wasm-unsafe-eval' lets
    // the camera's barcode reader compile its WebAssembly, from this origin only; it allows no eval of script
    // (docs/decisions/048-barcodes-on-the-counter.md).
    'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com', ...(stripe ? ['https://js.stripe.com'] : [])],
    'connect-src': [
      "'self'",
      ...emulator,
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      ...(stripe ? ['https://api.stripe.com', 'https://m.stripe.network'] : []),
    ],
    'frame-src': [`https://${fb.authDomain}`, ...emulator, ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com', ...(stripe ? ['https://*.stripe.com'] : [])],
    // React style props and sonner's injected stylesheet need inline styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.env === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Firebase's Google popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The headers helmet sets for these options, captured once from a recording response. */
export function securityHeaderList(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

// @fastify/helmet builds a new helmet middleware, CSP parsing included, for every request; that cost a
// quarter of the catalogue's throughput (docs/decisions/004). The headers never change while the process
// runs, so helmet computes them once and each request only sets them.
export default fp(async function securityHeaders(app: FastifyInstance, opts: { config: AppConfig }) {
  const headers = securityHeaderList(helmetOptions(opts.config));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
