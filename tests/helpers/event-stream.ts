// Reads a server-sent events stream over real HTTP with fetch, as the admin's page does, for tests of
// GET /api/orders/events. Events are queued as they arrive; `next` waits for the next one that matches.

import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface EventStream {
  status: number;
  headers: Headers;
  /** Events read so far and not yet taken by `next`. */
  queued: EventSourceMessage[];
  comments: string[];
  retry: number | null;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The next event (skipping those `skip` rejects), or an error after `timeoutMs`. */
  next(timeoutMs?: number, skip?: (event: EventSourceMessage) => boolean): Promise<EventSourceMessage>;
  /** Drops the connection, as a closed tab does. */
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queued: EventSourceMessage[] = [];
  const comments: string[] = [];
  let wake: (() => void) | null = null;
  const stream: EventStream = {
    status: res.status,
    headers: res.headers,
    queued,
    comments,
    retry: null,
    ended: Promise.resolve(),
    async next(timeoutMs = 5000, skip = () => false) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let event = queued.shift();
        while (event && skip(event)) event = queued.shift();
        if (event) return event;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => controller.abort(),
  };
  const parser = createParser({
    onEvent: (event) => {
      queued.push(event);
      wake?.();
    },
    onComment: (comment) => comments.push(comment.trim()),
    onRetry: (ms) => (stream.retry = ms),
  });
  if (!res.ok || !res.body) {
    await res.text().catch(() => undefined);
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value);
    } catch {
      // Aborted by close(): the connection is gone, which is what the caller asked for.
    }
  })();
  return stream;
}
