// Field schemas shared by the forms and the server: each carries its user-facing message.

import * as v from 'valibot';
import { ADDRESS_MAX_LENGTH, EMAIL_MAX_LENGTH, MAX_QUANTITY } from './constants';
import { validationMessages as m } from './messages';
import { formatCount } from './pricing';

/** A trimmed, required string of bounded length. */
export function requiredText(requiredMessage: string, max: number) {
  return v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(max, m.tooLong(max)));
}

export const EmailSchema = v.pipe(
  v.string(m.emailRequired),
  v.trim(),
  v.nonEmpty(m.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, m.tooLong(EMAIL_MAX_LENGTH)),
  v.email(m.emailInvalid),
  v.toLowerCase(),
);

/**
 * A UUID as every route takes it: in lower case, as the database gives ids back, so an id written in
 * capitals names the same tool, order or user on every route and in every comparison.
 */
export function uuidField(message: string) {
  return v.pipe(v.string(message), v.uuid(message), v.toLowerCase());
}

export const IdSchema = uuidField('Expected an id');

/** A whole number from 1 up to `max`: prices and quantities are never fractional, zero or negative. */
export function positiveWhole(requiredMessage: string, max = MAX_QUANTITY) {
  return v.pipe(
    v.number(requiredMessage),
    v.integer(m.wholePositive),
    v.minValue(1, m.wholePositive),
    v.maxValue(max, `Enter a number up to ${formatCount(max)}`),
  );
}

export const PhoneSchema = v.pipe(
  v.string(m.phoneRequired),
  v.trim(),
  v.nonEmpty(m.phoneRequired),
  v.maxLength(40, m.tooLong(40)),
  v.regex(/^\+?[0-9][0-9 ()\-.]{4,38}$/u, m.phoneInvalid),
);

export const HttpUrlSchema = v.pipe(
  v.string(m.linkedinUrl),
  v.trim(),
  v.maxLength(300, m.tooLong(300)),
  v.url(m.linkedinUrl),
  v.regex(/^https?:\/\//iu, m.linkedinUrl),
);

/** A whole number in a query string (`?page=2`), with its bounds in the message. */
export const queryInt = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,7}$/u, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(1, `${name} must be at least 1`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** A delivery address: an order's, a profile's, a company location's. */
export const AddressSchema = requiredText(m.addressRequired, ADDRESS_MAX_LENGTH);
