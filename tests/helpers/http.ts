// A small JSON client for tests that drive a listening server over real HTTP.

export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function http<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { auth?: { authorization: string }; body?: unknown } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...options.auth };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the answer.
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Runs `tasks` with at most `limit` of them in flight, in order; resolves to their settled results. */
export async function withConcurrency<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array<PromiseSettledResult<T>>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const task = tasks[index];
      if (!task) continue;
      try {
        results[index] = { status: 'fulfilled', value: await task() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
