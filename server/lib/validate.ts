// Parses a request body or parameter with a contract schema; every failure is a 400 in plain words.

import * as v from 'valibot';
import { invalid, notFound } from '../errors';

function fieldOf(issue: v.BaseIssue<unknown>): string | null {
  return issue.path?.map((p) => String(p.key)).join('.') ?? null;
}

function messageOf(issue: v.BaseIssue<unknown>): string {
  const key = fieldOf(issue);
  if (issue.expected === 'never') return `Unknown field "${key ?? '?'}" is not allowed`;
  // A missing key is reported by the object schema itself, not by the field's own schema.
  if ((issue.type === 'strict_object' || issue.type === 'object') && issue.received === 'undefined') return 'This field is required';
  return issue.message;
}

function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const key = fieldOf(issue);
      const message = messageOf(issue);
      return key && !message.startsWith('Unknown field') ? `${key}: ${message}` : message;
    })
    .join('; ');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Validates a JSON body against a strict schema; unknown fields are named in the message. */
export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  if (!isPlainObject(body)) throw invalid('Send a JSON object in the request body.');
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw invalid(describe(result.issues), {
      fields: result.issues.map((issue) => ({ field: fieldOf(issue), message: messageOf(issue) })),
    });
  }
  // Refused here as bad input rather than failing later in the database as a 500; read from what was
  // sent, so a schema that cleans text (display-text.ts) does not quietly accept it.
  const nul = nulField(body) ?? nulField(result.output);
  if (nul !== null) {
    const message = 'Text must not contain NUL characters';
    throw invalid(`${nul}: ${message}`, { fields: [{ field: nul, message }] });
  }
  return result.output;
}

/** Validates a path parameter; a malformed id is answered like a missing one. */
export function parseParam<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, what: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw notFound(what);
  return result.output;
}
