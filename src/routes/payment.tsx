// /dashboard/payment/{id} (the spec): pay one order. Composes the order (orders feature) and the
// card payment (payment feature). A bulk order is paid once, for all its lines, which are listed; an order
// with tax pays its gross, shown as net, tax line and total; an order on account with a deposit pays the deposit.

import { useParams } from '@tanstack/react-router';
import { formatMoney, formatPrice } from '../contract/money';
import { dueByCard, lineAmounts, orderAmount } from '../contract/order';
import { formatCount } from '../contract/pricing';
import { useSession } from '../features/auth/session';
import { downloadInvoice } from '../features/orders/download-invoice';
import { useOrder } from '../features/orders/get-order';
import { Checkout } from '../features/payment/checkout';
import { InvoiceButton } from '../ui/invoice-button';
import { isMultiLine, OrderLines, orderTitle } from '../ui/order-lines';
import { OrderTotals, orderShowsRows } from '../ui/order-totals';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';

export default function PaymentPage() {
  const { id } = useParams({ from: '/dashboard/payment/$id' });
  const { user } = useSession();
  const order = useOrder(id);

  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    return (
      <Page title="Payment">
        <p role="alert" className="text-error">
          This order could not be loaded: {order.error.message}
        </p>
      </Page>
    );
  }

  const o = order.data;
  const name = user?.displayName || o.userName;
  const { minor, currency } = orderAmount(o);
  // An order with tax is written with the currency's decimals throughout, as its net and tax are.
  const money = (amount: number) => (orderShowsRows(o) ? formatMoney(amount, currency) : formatPrice(amount, currency));
  const due = dueByCard(o);
  // An order on account tells what it comes to; a deposit due is asked for below it.
  const lead = o.status === 'Unpaid' ? 'Please pay' : o.paymentTerms && o.paymentTerms !== 'card' ? 'The order comes to' : 'You paid';
  return (
    <Page title={`Pay for ${orderTitle(o)}`}>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <p className="text-lg">
            Hello, <strong>{name}</strong>!
          </p>
          {isMultiLine(o) ? (
            <>
              <p>
                {lead} <strong className="text-xl">{money(minor)}</strong> for <strong>{formatCount(o.orderQuantity)} pcs.</strong> of {o.lines?.length} tools:
              </p>
              {/* A list on a phone, a table where its columns fit. */}
              <div className="sm:hidden">
                <OrderLines lines={o.lines ?? []} label="The tools of this order" layout="card" currency={currency} />
              </div>
              <div className="hidden overflow-x-auto sm:block">
                <OrderLines lines={o.lines ?? []} label="The tools of this order" layout="table" currency={currency} />
              </div>
            </>
          ) : (
            <p>
              {lead} <strong className="text-xl">{money(minor)}</strong> for <strong>{formatCount(o.orderQuantity)} pcs.</strong> of {o.productName} (
              {money(o.lines?.[0] ? lineAmounts(o.lines[0]).unit : minor / o.orderQuantity)} per unit).
            </p>
          )}
          {/* The amount to pay is the gross (or the deposit): an order with tax or a deposit shows what it is made of. */}
          {orderShowsRows(o) ? <OrderTotals order={o} size="page" /> : null}
          {due?.kind === 'deposit' ? (
            <p className="text-lg" data-testid="deposit-due">
              Please pay the deposit of <strong className="text-xl">{money(due.minor)}</strong> by card: the order ships once it is paid.
            </p>
          ) : null}
        </div>
        <section aria-label="Card payment" className="rounded-box border border-base-300 p-5 shadow-sm md:p-8">
          <Checkout
            order={o}
            billingName={name}
            billingEmail={user?.email ?? o.userEmail}
            invoice={<InvoiceButton order={o} onDownload={() => downloadInvoice(o)} />}
          />
        </section>
      </div>
    </Page>
  );
}
