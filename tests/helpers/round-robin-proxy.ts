// A small HTTP load balancer for tests: each request goes to the next backend in turn, as a round-robin
// proxy in front of several server processes sends it. Each answer names its backend in `x-backend`.

import { createServer, request as httpRequest } from 'node:http';

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

export async function roundRobinProxy(backends: string[], port: number): Promise<RoundRobinProxy> {
  let next = 0;
  const server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % backends.length;
    const target = new URL(backends[index] ?? '');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
