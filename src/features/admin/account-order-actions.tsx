// Manage Orders' actions on orders on account (docs/decisions/044-orders-on-account.md): an order On hold is
// released (Confirmed, to be shipped) or refused with the reason the dealer reads; a shipped order whose
// invoice is unpaid gets its bank transfer recorded, with the transfer's reference, or a payment reminder
// mailed to the dealer; a confirmed order whose deposit is due gets the deposit's bank transfer recorded
// (docs/decisions/047), after which it can be shipped. Each asks first in the one confirmation modal; the server decides. Manage Orders and
// Receivables both use them, each naming the order the way it knows it.

import { useId, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { errorMessage } from '../../api/errors';
import { BankPaymentBodySchema, PAYMENT_REFERENCE_MAX_LENGTH, RefuseOrderBodySchema } from '../../contract/account-terms';
import { depositDue, invoiceBalance, orderAmount, type Order } from '../../contract/order';
import { formatPrice } from '../../contract/money';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldAria, FormField } from '../../ui/form-field';
import { orderTitle } from '../../ui/order-lines';
import { toast } from '../../ui/toast';
import { useRecordBankPayment } from './record-bank-payment';
import { useRefuseOrder } from './refuse-order';
import { useReleaseOrder } from './release-order';
import { useSendInvoiceReminder } from './send-invoice-reminder';

export type AccountAction = 'release' | 'refuse' | 'bankPayment' | 'depositTransfer' | 'reminder';

/** What the modal says of the order acted on. */
export interface AccountOrderRef {
  id: string;
  /** Its number, `O-2026-00042` (or its tools, for an order saved before numbers). */
  name: string;
  /** What it costs, as the screen writes it. */
  amount: string;
  company: string;
  poNumber: string | null;
  invoiceNo: string | null;
}

/** What the action is about: the deposit due, the invoice's balance, or the order's total. */
function amountOf(order: Order): string {
  const { minor, currency } = orderAmount(order);
  if (depositDue(order)) return `a deposit of ${formatPrice(order.depositMinor ?? 0, currency)}`;
  return formatPrice(hasOpenInvoice(order) ? invoiceBalance(order) : minor, currency);
}

/** An order of Manage Orders as the actions name it. */
export const refOfOrder = (order: Order): AccountOrderRef => ({
  id: order._id,
  name: order.number ?? orderTitle(order),
  amount: amountOf(order),
  company: order.companyName ?? order.userEmail,
  poNumber: order.poNumber ?? null,
  invoiceNo: order.invoiceNo ?? null,
});

/** A shipped order on account whose invoice is not paid yet. */
export const hasOpenInvoice = (order: Order) =>
  order.status === 'Shipped' && order.paymentTerms !== undefined && order.paymentTerms !== 'card' && !order.paidAt;

const REFUSAL_MAX_LENGTH = 500;

interface ActionText {
  button: string;
  title: string;
  confirm: string;
  tone: 'primary' | 'danger';
  explain: (order: AccountOrderRef) => string;
  /** The text field the action asks for, if any. */
  field?: { label: string; maxLength: number; multiline: boolean };
}

const ACTIONS: Record<AccountAction, ActionText> = {
  release: {
    button: 'Release',
    title: 'Release this order?',
    confirm: 'Release',
    tone: 'primary',
    explain: (order) => `It is confirmed on ${order.company}’s account and can be shipped. The dealer gets an e-mail saying so.`,
  },
  refuse: {
    button: 'Refuse…',
    title: 'Refuse this order?',
    confirm: 'Refuse',
    tone: 'danger',
    explain: () => 'Its tools go back on sale. The dealer gets an e-mail with your reason.',
    field: { label: 'Reason (the dealer reads it)', maxLength: REFUSAL_MAX_LENGTH, multiline: true },
  },
  bankPayment: {
    button: 'Record bank payment…',
    title: 'Record the bank payment?',
    confirm: 'Record payment',
    tone: 'primary',
    explain: (order) => `The invoice${order.invoiceNo ? ` ${order.invoiceNo}` : ''} is marked paid and leaves the receivables.`,
    field: { label: 'Bank transfer reference', maxLength: PAYMENT_REFERENCE_MAX_LENGTH, multiline: false },
  },
  depositTransfer: {
    button: 'Record deposit transfer…',
    title: 'Record the deposit paid by bank transfer?',
    confirm: 'Record deposit',
    tone: 'primary',
    explain: () => 'The deposit is marked paid and the order can be shipped. The dealer gets a receipt.',
    field: { label: 'Bank transfer reference', maxLength: PAYMENT_REFERENCE_MAX_LENGTH, multiline: false },
  },
  reminder: {
    button: 'Send reminder',
    title: 'Send a payment reminder?',
    confirm: 'Send reminder',
    tone: 'primary',
    explain: (order) => `The dealer who placed it gets an e-mail asking for the payment of the invoice${order.invoiceNo ? ` ${order.invoiceNo}` : ''}.`,
  },
};

/** The buttons of an order's row (none for an order these actions do not concern) and the modal they open. */
export function useAccountOrderActions({ online, offlineReason }: { online: boolean; offlineReason: string | undefined }) {
  const fieldId = useId();
  const release = useReleaseOrder();
  const refuse = useRefuseOrder();
  const bankPayment = useRecordBankPayment();
  const reminder = useSendInvoiceReminder();
  const [asking, setAsking] = useState<{ order: AccountOrderRef; action: AccountAction } | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = release.isPending || refuse.isPending || bankPayment.isPending || reminder.isPending;

  const ask = (order: AccountOrderRef, action: AccountAction) => {
    setAsking({ order, action });
    setText('');
    setFieldError(undefined);
    setFailure(null);
    setOpen(true);
  };
  const done = (message: string) => {
    toast.success(message);
    setOpen(false);
  };
  const failed = (error: unknown) => setFailure(errorMessage(error));

  const confirm = () => {
    if (!asking) return;
    const { order, action } = asking;
    const name = order.name;
    if (action === 'release') release.mutate(order.id, { onSuccess: () => done(`${name} is released: ship it when it is ready`), onError: failed });
    if (action === 'reminder') {
      reminder.mutate(order.id, {
        onSuccess: (sent) => {
          if (sent.queued) done(`A payment reminder for ${name} is on its way to ${sent.to}`);
          else {
            toast.info(`${sent.to} is not a verified address any more, so no reminder was sent.`);
            setOpen(false);
          }
        },
        onError: failed,
      });
    }
    if (action === 'refuse') {
      const parsed = v.safeParse(RefuseOrderBodySchema, { reason: text });
      if (!parsed.success) return setFieldError(parsed.issues[0].message);
      refuse.mutate({ id: order.id, reason: parsed.output.reason }, { onSuccess: () => done(`${name} is refused`), onError: failed });
    }
    if (action === 'bankPayment' || action === 'depositTransfer') {
      const parsed = v.safeParse(BankPaymentBodySchema, { reference: text });
      if (!parsed.success) return setFieldError(parsed.issues[0].message);
      const paid = action === 'bankPayment' ? `${name} is paid` : `The deposit of ${name} is paid: ship it when it is ready`;
      bankPayment.mutate({ id: order.id, payment: parsed.output }, { onSuccess: () => done(paid), onError: failed });
    }
    return undefined;
  };

  /** The button that asks for `action` on the order, named for screen readers by `which`. */
  const button = (order: AccountOrderRef, action: AccountAction, which: string) => (
    <button
      key={action}
      type="button"
      className={`btn btn-sm whitespace-nowrap bg-base-100 ${action === 'refuse' ? 'btn-outline btn-error' : 'btn-outline btn-primary'}`}
      disabled={!online || busy}
      aria-describedby={offlineReason}
      aria-haspopup="dialog"
      onClick={() => ask(order, action)}
    >
      {ACTIONS[action].button}
      <span className="sr-only"> {which}</span>
    </button>
  );

  /** The order's buttons, named for screen readers by `which`; null when none apply. */
  const buttonsFor = (order: Order, which: string): ReactNode[] | null => {
    const ref = refOfOrder(order);
    if (order.status === 'On hold') return [button(ref, 'release', which), button(ref, 'refuse', which)];
    if (hasOpenInvoice(order)) return [button(ref, 'bankPayment', which), button(ref, 'reminder', which)];
    if (depositDue(order)) return [button(ref, 'depositTransfer', which)];
    return null;
  };

  const current = asking ? ACTIONS[asking.action] : null;
  const field = current?.field;
  const modal = (
    <ConfirmModal
      open={open}
      title={current?.title ?? ''}
      confirmLabel={current?.confirm ?? ''}
      cancelLabel="Cancel"
      tone={current?.tone ?? 'primary'}
      busy={busy}
      error={failure}
      onConfirm={confirm}
      onClose={() => setOpen(false)}
    >
      {asking && current ? (
        <div className="grid gap-3">
          <p>
            <strong>{asking.order.name}</strong>, {asking.order.amount} for {asking.order.company}
            {asking.order.poNumber ? ` (PO ${asking.order.poNumber})` : ''}.
          </p>
          <p>{current.explain(asking.order)}</p>
          {field ? (
            <FormField id={fieldId} label={field.label} error={fieldError}>
              {field.multiline ? (
                <textarea
                  {...fieldAria(fieldId, fieldError)}
                  rows={3}
                  maxLength={field.maxLength}
                  className={`textarea w-full ${fieldError ? 'textarea-error' : ''}`}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setFieldError(undefined);
                  }}
                />
              ) : (
                <input
                  {...fieldAria(fieldId, fieldError)}
                  type="text"
                  autoComplete="off"
                  maxLength={field.maxLength}
                  className={`input w-full ${fieldError ? 'input-error' : ''}`}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setFieldError(undefined);
                  }}
                />
              )}
            </FormField>
          ) : null}
        </div>
      ) : null}
    </ConfirmModal>
  );

  return { button, buttonsFor, modal };
}
