// The payment provider interface (docs/architecture.md, "Payments"). Stripe and the sandbox both
// implement it, so the routes never know which processor takes the money.

/** What a provider needs to know about the order it charges for. */
export interface ChargeableOrder {
  id: string;
  /** Minor units of `currency`, as the server computed them. */
  totalMinor: number;
  /** ISO 4217, upper case; processors take it in lower case. */
  currency: string;
  /** The intent made for this order earlier, if any; a provider may reuse it. */
  paymentIntentId: string | null;
  /**
   * Authorise the card only, and charge it when the server captures the intent: for an order whose stock is
   * taken at payment (docs/decisions/027).
   */
  captureLater: boolean;
  /** What the card statement and the processor's dashboard call it; `Forgeline order <id>` when not given. */
  description?: string;
}

export interface CreatedIntent {
  clientSecret: string;
  intentId: string;
}

export interface RetrievedIntent {
  id: string;
  /**
   * The processor's status: 'succeeded' is the only one that pays for an order; 'requires_capture' is a
   * card authorised for an intent made with `captureLater`, not charged yet.
   */
  status: string;
  /** In minor units of `currency`. */
  amount: number;
  currency: string;
  /** metadata.orderId: the order this intent was made for; null when it carries none. */
  orderId: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createIntent(order: ChargeableOrder): Promise<CreatedIntent>;
  /** Throws PaymentLookupError when the processor does not know the intent. */
  retrieve(intentId: string): Promise<RetrievedIntent>;
  /**
   * Cancels the intent so no card can pay it any more, and answers with its final state: 'canceled', or
   * 'succeeded' when a payment got there first. Throws PaymentProviderError when it can be neither yet
   * (a payment still processing) or the processor cannot be reached.
   */
  cancel(intentId: string): Promise<RetrievedIntent>;
  /**
   * Charges an authorised intent ('requires_capture') and answers with its state, 'succeeded'; an intent
   * already captured answers as it is. Throws PaymentProviderError when the processor refuses or cannot be
   * reached.
   */
  capture(intentId: string): Promise<RetrievedIntent>;
}

export class PaymentLookupError extends Error {
  constructor(message = 'That payment was not found.') {
    super(message);
    this.name = 'PaymentLookupError';
  }
}

/** The processor could not be reached or refused the call for reasons of its own. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** What an intent must be for: an order's (or several invoices') id, and its full amount in its currency. */
export interface Payable {
  id: string;
  totalMinor: number;
  currency: string;
}

/** The intent is for the full amount in the right currency. */
function isForAmount(intent: RetrievedIntent, order: Payable): boolean {
  return intent.amount === order.totalMinor && intent.currency.toLowerCase() === order.currency.toLowerCase();
}

/** The intent is for this very order and for its full amount in its currency. */
function isForOrder(intent: RetrievedIntent, order: Payable): boolean {
  return intent.orderId === order.id && isForAmount(intent, order);
}

/**
 * True only when the intent succeeded, for this very order, for its full amount in its currency: a succeeded
 * intent of another order (or for a different amount) never pays for this one.
 */
export function intentPaysFor(intent: RetrievedIntent, order: Payable): boolean {
  return intent.status === 'succeeded' && isForOrder(intent, order);
}

/** True when the intent is a card authorised, not yet charged, for this very order and its full amount in USD. */
export function intentAuthorisesFor(intent: RetrievedIntent, order: Payable): boolean {
  return intent.status === 'requires_capture' && isForOrder(intent, order);
}

/** Why an intent does not pay for the order, in the dealer's words. */
export function whyNotPaying(intent: RetrievedIntent, order: Payable): string {
  if (intent.orderId !== order.id) return 'That payment belongs to another order.';
  if (intent.status !== 'succeeded') return `The payment has not gone through (${intent.status.replaceAll('_', ' ')}).`;
  if (!isForAmount(intent, order)) return 'The amount paid does not match the order total.';
  return 'The payment could not be confirmed.';
}
