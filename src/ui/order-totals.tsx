// An order's net, tax line and gross total (docs/decisions/046-tax-per-ship-to-location.md): My Orders, the
// payment page and Manage Orders show an order with tax, or one under the reverse charge, in the same three
// rows, with the currency's decimals as its invoice prints them. An order with no rate shows its one total
// as it always has. An order on account with a deposit (docs/decisions/047) adds the deposit, paid or due, and
// the rest that goes on the account.

import { formatMoney, formatPrice, type CurrencyCode } from '../contract/money';
import { orderAmount, orderTaxAmounts, type Order } from '../contract/order';
import { orderTotals, showsTax, taxLine, type TaxTerms } from '../contract/tax';

export type TaxedOrder = Pick<Order, 'totalMinor' | 'currency' | 'totalPrice' | 'taxMinor' | 'taxRateMicros' | 'taxName' | 'reverseCharge'> &
  Partial<Pick<Order, 'depositMinor' | 'depositPaidAt'>>;

/** Whether the order's total reads as net, tax line and total: it has a rate, or is under the reverse charge. */
export function orderShowsTax(order: TaxedOrder): boolean {
  return showsTax(orderTaxAmounts(order).terms);
}

/** Whether the order's total reads as rows: with tax, or with a deposit and the rest on account. */
export function orderShowsRows(order: TaxedOrder): boolean {
  return orderShowsTax(order) || (order.depositMinor ?? 0) > 0;
}

export interface OrderTotalsProps {
  order: TaxedOrder;
  /** `table` in a table's cell or a card's field, `page` under the lines of one order. */
  size?: 'table' | 'page';
}

/**
 * The rows of an order's total: for an order with tax Net, the tax line ("VAT 19 %", or the reverse charge's
 * note) and Total, the gross; with a deposit, the deposit and what goes on the account.
 */
export function OrderTotals({ order, size = 'table' }: OrderTotalsProps) {
  const { net, tax, gross, terms } = orderTaxAmounts(order);
  const { currency } = orderAmount(order);
  const money = (minor: number) => formatMoney(minor, currency);
  const page = size === 'page';
  const deposit = order.depositMinor ?? 0;
  return (
    <dl
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 tabular-nums ${page ? 'max-w-sm gap-y-1' : 'min-w-40 text-sm'}`}
      data-testid="order-totals"
    >
      {showsTax(terms) ? (
        <>
          <dt className="text-base-content/80">Net</dt>
          <dd className="text-right whitespace-nowrap">{money(net)}</dd>
          <dt className={`text-base-content/80 ${terms.reverseCharge ? 'text-xs' : ''}`}>{taxLine(terms)}</dt>
          <dd className="text-right whitespace-nowrap">{money(tax)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Total</dt>
      <dd className={`text-right font-semibold whitespace-nowrap ${page ? 'text-xl' : ''}`}>{money(gross)}</dd>
      {deposit > 0 ? (
        <>
          <dt className="text-base-content/80">{order.depositPaidAt ? 'Deposit paid' : 'Deposit due by card'}</dt>
          <dd className="text-right whitespace-nowrap">{money(deposit)}</dd>
          <dt className="text-base-content/80">On account</dt>
          <dd className="text-right whitespace-nowrap">{money(gross - deposit)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** An order's total where a list shows one per order: the one total of an order with no tax, its three rows otherwise. */
export function OrderTotalCell({ order }: { order: TaxedOrder }) {
  if (orderShowsRows(order)) return <OrderTotals order={order} />;
  const { minor, currency } = orderAmount(order);
  return <span>{formatPrice(minor, currency)}</span>;
}

/** An order not placed yet (a form's, or one saved offline) as the totals read one: its net taxed on `terms`. */
export function taxedOrderOf(netMinor: number, currency: CurrencyCode, terms: TaxTerms): TaxedOrder {
  const { tax, gross } = orderTotals(netMinor, terms);
  return {
    totalMinor: gross,
    currency,
    totalPrice: 0,
    taxMinor: tax,
    taxRateMicros: terms.rateMicros,
    taxName: terms.name,
    reverseCharge: terms.reverseCharge,
  };
}

/** A form's total for an order with tax, before it is placed: the same three rows, set to the form's right. */
export function FormTaxTotals({ netMinor, currency, terms }: { netMinor: number; currency: CurrencyCode; terms: TaxTerms }) {
  return (
    <div className="flex justify-end">
      <OrderTotals size="page" order={taxedOrderOf(netMinor, currency, terms)} />
    </div>
  );
}
