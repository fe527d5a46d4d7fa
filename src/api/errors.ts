// Typed errors of the API client. The client throws them; screens decide what the user sees (STYLE).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer: offline, DNS, connection reset, or timed out. */
export class NetworkError extends Error {
  constructor(message = 'You appear to be offline.') {
    super(message);
    this.name = 'NetworkError';
  }
}

export function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
