// A port this process must listen on but another program holds: the start stops with one line naming the
// variable that moves it, as a data directory in use does (server/db/lock.ts), instead of a stack trace.

import net from 'node:net';

/** A port one part of the product listens on, and what to change when it is taken. */
export interface PortClaim {
  what: string;
  host: string;
  port: number;
  /** e.g. `Set PORT to a free port.` */
  advice: string;
}

export class PortInUseError extends Error {
  constructor(readonly claim: PortClaim) {
    super(`${claim.what} cannot listen on ${claim.host}:${claim.port}: the port is in use. ${claim.advice}`);
    this.name = 'PortInUseError';
  }
}

/** True for the error a server gives when its port is taken. */
export function isPortInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

/**
 * Throws PortInUseError when the port is taken, found by listening on it for a moment: the program holding
 * it may answer nothing. Port 0 (any free port) is never taken.
 */
export async function checkPortFree(claim: PortClaim): Promise<void> {
  if (claim.port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(isPortInUse(error) ? new PortInUseError(claim) : error));
    probe.listen({ host: claim.host, port: claim.port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
