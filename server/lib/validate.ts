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

/** Validates a JSON body against a strict schema; unknown fields are named in the message. */
export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  if (!isPlainObject(body)) throw invalid('Send a JSON object in the request body.');
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw invalid(describe(result.issues), {
      fields: result.issues.map((issue) => ({ field: fieldOf(issue), message: messageOf(issue) })),
    });
  }
  return result.output;
}

/** Validates a path parameter; a malformed id is answered like a missing one. */
export function parseParam<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, what: string): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw notFound(what);
  return result.output;
}
