import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port whose next `span - 1` neighbours are free too (the emulator uses three). */
export async function freePortRange(span = 1): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (let i = 0; i < span && ok; i += 1) ok = await isFree(base + i);
    if (ok) return base;
  }
  throw new Error('No free port range found');
}
