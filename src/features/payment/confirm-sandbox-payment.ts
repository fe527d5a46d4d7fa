// POST /api/sandbox/confirm: the sandbox processor's confirmCardPayment, answering in Stripe.js's shape.

import { apiRequest } from '../../api/client';
import { CardPaymentResultSchema, type CardPaymentResult, type SandboxConfirmBody } from '../../contract/payment';

export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<CardPaymentResult> {
  return apiRequest('/sandbox/confirm', { method: 'POST', body, auth: true, schema: CardPaymentResultSchema });
}
