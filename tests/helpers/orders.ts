// Helpers for API tests that need orders: place one through POST /api/orders, pay it in the sandbox.

import { randomUUID } from 'node:crypto';
import type { TestApp, TestUser } from './test-app';

export interface OrderInput {
  productId: string;
  orderQuantity: number;
  userAddress?: string;
  userPhone?: string;
  clientOrderId?: string;
  totalPrice?: number;
}

export function orderBody(input: OrderInput): Record<string, unknown> {
  return {
    userAddress: '12 Harbour Road, Leeds',
    userPhone: '+44 113 496 0000',
    clientOrderId: randomUUID(),
    ...input,
  };
}

export async function postOrder(t: TestApp, user: TestUser, input: OrderInput) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload: orderBody(input) });
}

/** Places an order that must succeed and returns its id. */
export async function placeOrder(t: TestApp, user: TestUser, input: OrderInput): Promise<string> {
  const res = await postOrder(t, user, input);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

/** The sandbox's confirmCardPayment for an order, returning the payment intent id (or the error). */
export async function sandboxConfirm(t: TestApp, user: TestUser, orderId: string, number = '4242 4242 4242 4242') {
  const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user.auth, payload: { orderId } });
  if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/confirm',
    headers: user.auth,
    payload: {
      clientSecret,
      card: { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
      billingDetails: { name: user.displayName, email: user.email },
    },
  });
  return res.json() as { paymentIntent?: { id: string; status: string }; error?: { message: string } };
}

/** Pays an order in the sandbox with 4242..., all the way to Paid; returns the transaction id. */
export async function payOrder(t: TestApp, user: TestUser, orderId: string): Promise<string> {
  const result = await sandboxConfirm(t, user, orderId);
  if (!result.paymentIntent) throw new Error(`sandbox declined: ${JSON.stringify(result)}`);
  const res = await t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: user.auth, payload: { transactionId: result.paymentIntent.id } });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
  return result.paymentIntent.id;
}
