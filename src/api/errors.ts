// Typed errors of the API client, and the questions screens ask of them. The client throws them;
// screens decide what the user sees (STYLE).

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

/** The server no longer accepts this session (account deleted, token expired). */
export function isSessionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Plain words for a failed request; the screen decides where they go. */
export function errorMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The field messages of a 400 answer (its `details.fields`), for the fields a form has. */
export function serverFieldErrors<TField extends string>(error: unknown, fields: readonly TField[]): { field: TField; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = error.details as { fields?: { field: string | null; message: string }[] } | undefined;
  const isFormField = (name: string | null): name is TField => name !== null && (fields as readonly string[]).includes(name);
  return (details?.fields ?? []).flatMap(({ field, message }) => (isFormField(field) ? [{ field, message }] : []));
}
