// Receivables (admins): what companies owe on invoices of orders on account (docs/decisions/044-orders-on-account.md).
// The sums by age come first, then a table of the companies by age (the most overdue first, and every company
// together), then each company's unpaid invoices with Record bank payment and Send reminder. A company's
// amounts are in its currency; the sums across companies in US dollars at each order's rate.

import { useId } from 'react';
import { AGE_BUCKETS, termsLabel, type AgeBucket } from '../../contract/account-terms';
import { AGE_BUCKET_LABELS, type AgedAmounts, type CompanyReceivables, type OpenInvoice } from '../../contract/receivables';
import { formatMoney, LIST_CURRENCY, type CurrencyCode } from '../../contract/money';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../offline/network-status';
import { useAccountOrderActions, type AccountOrderRef } from './account-order-actions';
import { formatDay, formatMoment } from './company-status';
import { useReceivables } from './get-receivables';
import { OfflineNotice } from './offline-notice';

/** A row of the age table: a company, or every company together. */
interface AgeRow {
  key: string;
  name: string;
  terms: string | null;
  aged: AgedAmounts;
  total: number;
  currency: CurrencyCode;
  oldestDueAt: string | null;
  isTotal: boolean;
}

const ageRowOf = (company: CompanyReceivables): AgeRow => ({
  key: `${company.companyId ?? company.companyName}:${company.currency}`,
  name: company.companyName,
  terms: company.paymentTerms ? termsLabel(company.paymentTerms) : null,
  aged: company.aged,
  total: company.total,
  currency: company.currency,
  oldestDueAt: company.oldestDueAt,
  isTotal: false,
});

/** The age table's headings, short so its eight columns fit beside the menu; the caption says they are days overdue. */
const AGE_COLUMN_HEADERS: Record<AgeBucket, string> = { current: 'Current', '1-30': '1–30 days', '31-60': '31–60 days', 'over-60': 'Over 60 days' };

/** An amount, with nought as a dash so the amounts owed stand out. */
const amount = (minor: number, currency: CurrencyCode) => (minor === 0 ? <span className="text-base-content/50">—</span> : formatMoney(minor, currency));

const refOfInvoice = (invoice: OpenInvoice, company: CompanyReceivables): AccountOrderRef => ({
  id: invoice.orderId,
  name: invoice.number,
  amount: formatMoney(invoice.total, invoice.currency),
  company: company.companyName,
  poNumber: invoice.poNumber,
  invoiceNo: invoice.invoiceNo,
});

function DueDate({ invoice }: { invoice: OpenInvoice }) {
  return (
    <span className="grid justify-items-start gap-1">
      <span className="whitespace-nowrap">{formatDay(invoice.dueAt)}</span>
      {invoice.daysOverdue > 0 ? (
        <span className={`badge badge-sm whitespace-nowrap ${invoice.bucket === '1-30' ? 'badge-warning' : 'badge-error'}`}>
          {invoice.daysOverdue === 1 ? '1 day overdue' : `${invoice.daysOverdue} days overdue`}
        </span>
      ) : (
        <span className="badge badge-sm badge-success badge-outline">Not yet due</span>
      )}
    </span>
  );
}

export function ReceivablesTable() {
  const id = useId();
  const offlineId = useId();
  const online = useOnline();
  const receivables = useReceivables();
  const actions = useAccountOrderActions({ online, offlineReason: online ? undefined : offlineId });

  if (!receivables.data) {
    return receivables.isError ? <QueryError what="receivables" query={receivables} /> : <Spinner label="Loading the receivables" />;
  }
  const { companies, aged, total, asOf } = receivables.data;

  const ageColumns: Column<AgeRow>[] = [
    {
      header: 'Company',
      cell: (row) => (
        <span className="grid gap-0.5">
          <span className={`break-words ${row.isTotal ? 'font-bold' : 'font-medium'}`}>{row.name}</span>
          {row.terms ? <span className="text-sm text-base-content/70">{row.terms}</span> : null}
        </span>
      ),
    },
    ...AGE_BUCKETS.map((bucket): Column<AgeRow> => ({
      header: AGE_COLUMN_HEADERS[bucket],
      cell: (row) => amount(row.aged[bucket], row.currency),
      className: `tabular-nums whitespace-nowrap ${bucket === 'current' ? '' : 'text-error'}`,
    })),
    {
      header: 'Total',
      cell: (row) => <span className="font-semibold">{formatMoney(row.total, row.currency)}</span>,
      className: 'tabular-nums whitespace-nowrap',
    },
    { header: 'Oldest due', cell: (row) => (row.oldestDueAt ? formatDay(row.oldestDueAt) : ''), className: 'whitespace-nowrap' },
  ];
  const ageRows: AgeRow[] = [
    ...companies.map(ageRowOf),
    ...(companies.length > 1
      ? [{ key: 'all', name: 'All companies', terms: null, aged, total, currency: LIST_CURRENCY, oldestDueAt: null, isTotal: true }]
      : []),
  ];

  const invoiceColumns = (company: CompanyReceivables): Column<OpenInvoice>[] => [
    {
      header: 'Order',
      cell: (invoice) => (
        <span className="grid gap-0.5">
          <span className="font-medium whitespace-nowrap">{invoice.number}</span>
          <span className="text-sm whitespace-nowrap text-base-content/70">Invoice {invoice.invoiceNo}</span>
        </span>
      ),
    },
    {
      header: 'PO number',
      cell: (invoice) => (invoice.poNumber ? <span className="break-all">{invoice.poNumber}</span> : <span className="text-base-content/70">None</span>),
    },
    { header: 'Due', cell: (invoice) => <DueDate invoice={invoice} /> },
    { header: 'Amount', cell: (invoice) => formatMoney(invoice.total, invoice.currency), className: 'tabular-nums whitespace-nowrap' },
    {
      header: 'Action',
      action: true,
      cell: (invoice) => {
        const ref = refOfInvoice(invoice, company);
        const which = `${invoice.number} of ${company.companyName}`;
        return (
          <div className="flex flex-wrap gap-2">
            {actions.button(ref, 'bankPayment', which)}
            {actions.button(ref, 'reminder', which)}
          </div>
        );
      },
    },
  ];

  return (
    // One column of at most the page's width (minmax(0, 1fr)): a table wider than that gives way to cards.
    <div className="grid grid-cols-1 gap-6">
      <OfflineNotice online={online} id={offlineId} />
      <section aria-labelledby={`${id}-summary`} className="grid grid-cols-1 gap-3">
        <h2 id={`${id}-summary`} className="sr-only">
          Owed by age
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <div className="col-span-full flex flex-wrap items-baseline justify-between gap-x-4 rounded-box border border-base-300 bg-base-100 p-4">
            <dt className="font-medium">Total owed</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="receivables-total">
              {formatMoney(total, LIST_CURRENCY)}
            </dd>
          </div>
          {AGE_BUCKETS.map((bucket) => (
            <div key={bucket} className="rounded-box border border-base-300 bg-base-100 p-4">
              <dt className="text-sm text-base-content/70">{AGE_BUCKET_LABELS[bucket]}</dt>
              <dd className={`text-lg tabular-nums ${bucket !== 'current' && aged[bucket] > 0 ? 'font-semibold text-error' : ''}`}>
                {formatMoney(aged[bucket], LIST_CURRENCY)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-base-content/70">
          Unpaid invoices of shipped orders on account, as of {formatMoment(asOf)}. An invoice leaves the list once it is paid.
          {companies.some((company) => company.currency !== LIST_CURRENCY)
            ? ' Each company’s amounts are in its own currency; the sums across companies are in US dollars at the rates its orders were priced at.'
            : null}
        </p>
      </section>

      <DataTable
        caption="Owed by company and days overdue"
        columns={ageColumns}
        rows={ageRows}
        rowKey={(row) => row.key}
        rowClassName={(row) => (row.isTotal ? 'bg-base-200' : '')}
        empty="No company owes anything on account."
        stackBelow="laptop"
      />

      {companies.map((company, index) => (
        <section
          key={`${company.companyId ?? company.companyName}:${company.currency}`}
          aria-labelledby={`${id}-company-${index}`}
          className="grid grid-cols-1 gap-3"
        >
          <h2 id={`${id}-company-${index}`} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
            <span className="break-words">{company.companyName}</span>
            <span className="text-base font-normal text-base-content/70">
              {company.invoices.length === 1 ? '1 open invoice' : `${company.invoices.length} open invoices`}, {formatMoney(company.total, company.currency)}
            </span>
          </h2>
          <DataTable
            caption={`Open invoices of ${company.companyName}`}
            columns={invoiceColumns(company)}
            rows={company.invoices}
            rowKey={(invoice) => invoice.orderId}
            empty="No open invoices."
            stackBelow="laptop"
          />
        </section>
      ))}
      {actions.modal}
    </div>
  );
}
