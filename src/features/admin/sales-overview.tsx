// Sales at a glance (admins): orders waiting to be shipped, revenue today and over the last 7 and 30 days,
// revenue per day for the last 30 days, and the tools sold most. Days are UTC days, as the server counts them.

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatCount, formatDollars } from '../../contract/pricing';
import type { SalesSummary } from '../../contract/reports';
import { Spinner } from '../../ui/spinner';
import { useSales } from './get-sales';
import { QueryError } from '../../ui/query-error';
import { RevenueChart } from './revenue-chart';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note ? <dd className="text-sm">{note}</dd> : null}
    </div>
  );
}

function TopTools({ tools }: { tools: SalesSummary['topTools'] }) {
  if (tools.length === 0) return <p className="rounded-box bg-base-200 p-4">No tools sold in the last 30 days.</p>;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="sr-only">Top tools by pieces, last 30 days</caption>
        <thead>
          <tr className="bg-base-200 text-base-content/85">
            <th scope="col">Tool</th>
            <th scope="col" className="text-right">
              Pieces
            </th>
            <th scope="col" className="text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool, i) => (
            <tr key={tool.productId ?? `gone-${i}`}>
              <th scope="row" className="font-medium">
                {tool.name}
              </th>
              <td className="text-right tabular-nums">{formatCount(tool.units)}</td>
              <td className="text-right tabular-nums">{formatDollars(tool.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SalesOverview() {
  const sales = useSales();
  if (sales.isPending) return <Spinner label="Loading the sales figures" />;
  if (!sales.data) return <QueryError what="sales figures" query={sales} />;
  const { toShip, revenue, daily, topTools } = sales.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8" aria-busy={sales.isFetching}>
      <section aria-labelledby="sales-figures">
        <h2 id="sales-figures" className="sr-only">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <Figure
            label="Orders to ship"
            value={formatCount(toShip)}
            note={
              toShip > 0 ? (
                <Link to="/dashboard/manage-orders" className="link link-primary">
                  Ship them in Manage Orders
                </Link>
              ) : (
                'Every paid or confirmed order is shipped.'
              )
            }
          />
          <Figure label="Revenue today" value={formatDollars(revenue.today)} />
          <Figure label="Revenue, last 7 days" value={formatDollars(revenue.week)} />
          <Figure label="Revenue, last 30 days" value={formatDollars(revenue.month)} />
        </dl>
        <p className="mt-2 text-sm text-base-content/80">Revenue counts paid and shipped orders by the day they were paid (UTC), net of tax.</p>
      </section>
      <section aria-labelledby="sales-daily" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="sales-daily" className="text-xl font-bold">
          Revenue per day, last 30 days
        </h2>
        <RevenueChart days={daily} title="Revenue per day, last 30 days" />
      </section>
      <section aria-labelledby="sales-top" className="grid gap-3">
        <h2 id="sales-top" className="text-xl font-bold">
          Top tools by pieces, last 30 days
        </h2>
        <TopTools tools={topTools} />
      </section>
    </div>
  );
}
