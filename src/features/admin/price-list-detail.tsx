// One price list on the Price Lists page: its terms (changed in place), and the tools it prices, 50 at a
// time, found by name or SKU, each with its list price in US dollars, its terms on the list and what one
// piece costs a company with the list. A tool is priced, changed or removed here; removing asks first.

import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatMoney, listMinor } from '../../contract/money';
import { formatPercent, formatRate, PRICE_LIST_SEARCH_MAX_LENGTH, type PriceListEntryView } from '../../contract/price-list-admin';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { usePriceList } from './get-price-lists';
import { PriceListEntryForm } from './price-list-entry-form';
import { PriceListForm } from './price-list-form';
import { SearchBox, startsOver, type SearchValue } from './search-box';
import { usePageInRange } from './use-page-in-range';
import { useRemovePriceListEntry } from './write-price-list-entries';

/** What the entry form is open for: a new tool, or one tool's entry. */
type Editing = { kind: 'terms' } | { kind: 'entry'; entry: PriceListEntryView | null } | null;

export function PriceListDetail({ id, online, onBack }: { id: string; online: boolean; onBack: () => void }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<SearchValue>({ searchText: '', q: '' });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PriceListEntryView | null>(null);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const detail = usePriceList({ id, page, q: search.q });
  const remove = useRemovePriceListEntry();
  usePageInRange(detail.data?.entries.total, detail.data?.entries.pageSize ?? 50, page, setPage);

  const back = (
    <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={onBack}>
      ← Back to price lists
    </button>
  );
  if (!detail.data) {
    return (
      <div className="grid gap-4">
        {back}
        {detail.isError ? <QueryError what="price list" query={detail} /> : <Spinner label="Loading the price list" />}
      </div>
    );
  }
  const { list, entries } = detail.data;
  const money = (minor: number) => formatMoney(minor, list.currency);

  const termsOf = (entry: PriceListEntryView) =>
    entry.price !== null
      ? `Fixed ${money(entry.price)}`
      : entry.percentOff !== null
        ? `${formatPercent(entry.percentOff)} off`
        : `List’s ${formatPercent(list.defaultPercentOff)} off`;

  const columns: Column<PriceListEntryView>[] = [
    {
      header: 'Tool',
      cell: (entry) => (
        <span className="grid gap-0.5">
          <span className="font-medium break-words">{entry.name}</span>
          <span className="text-sm text-base-content/70">SKU {entry.sku}</span>
        </span>
      ),
    },
    { header: 'List price', cell: (entry) => formatMoney(listMinor(entry.listPrice), 'USD'), className: 'tabular-nums whitespace-nowrap' },
    {
      header: 'On this list',
      cell: (entry) => (
        <span className="grid gap-0.5">
          <span>{termsOf(entry)}</span>
          {entry.tiers.map((tier) => (
            <span key={tier.minQnt} className="text-sm whitespace-nowrap text-base-content/70">
              From {tier.minQnt}: {money(tier.price)}
            </span>
          ))}
        </span>
      ),
    },
    {
      header: 'Price for one',
      cell: (entry) => <span className="font-semibold">{money(entry.dealerPrice)}</span>,
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      header: 'Action',
      action: true,
      cell: (entry) => (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline min-h-11" disabled={!online} onClick={() => setEditing({ kind: 'entry', entry })}>
            Change<span className="sr-only"> the price of {entry.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline min-h-11"
            disabled={!online}
            onClick={() => {
              setRemoveFailure(null);
              setRemoving(entry);
            }}
          >
            Remove<span className="sr-only"> {entry.name} from the list</span>
          </button>
        </div>
      ),
    },
  ];

  const facts: [string, string][] = [
    ['Currency', list.currency],
    ['Rate', `1 USD = ${formatRate(list.rateMicros)} ${list.currency}`],
    ['Default off', formatPercent(list.defaultPercentOff)],
    ['Companies', String(list.companies)],
    ['Version', String(list.version)],
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      {back}
      <section aria-labelledby={headingId} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-xl font-bold break-words">
            {list.name}
          </h2>
          <button type="button" className="btn btn-outline btn-sm min-h-11" disabled={!online} onClick={() => setEditing({ kind: 'terms' })}>
            Change terms
          </button>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-box bg-base-200 px-3 py-2">
              <dt className="text-sm text-base-content/70">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {editing?.kind === 'terms' ? <PriceListForm list={list} online={online} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      {editing?.kind === 'entry' ? (
        <PriceListEntryForm
          key={editing.entry?.productId ?? 'new'}
          listId={list.id}
          currency={list.currency}
          defaultPercentOff={list.defaultPercentOff}
          entry={editing.entry}
          online={online}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <DataTable
        caption={`Tools priced on ${list.name}`}
        columns={columns}
        rows={entries.items}
        rowKey={(entry) => entry.productId}
        empty={
          search.q
            ? 'No tool on this list matches this search.'
            : `No tool has a price of its own yet: every tool is ${formatPercent(list.defaultPercentOff)} off.`
        }
        busy={detail.isFetching}
        stackBelow="laptop"
        toolbar={
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="md:max-w-xl md:flex-1">
              <SearchBox
                label="Search the list by tool name or SKU"
                placeholder="Hammer drill or FL-1234"
                maxLength={PRICE_LIST_SEARCH_MAX_LENGTH}
                value={search}
                onChange={(next) => {
                  if (startsOver(search, next)) setPage(1);
                  setSearch(next);
                }}
              />
            </div>
            <button type="button" className="btn btn-primary min-h-11" disabled={!online} onClick={() => setEditing({ kind: 'entry', entry: null })}>
              Price a tool
            </button>
          </div>
        }
        pagination={{ page: entries.page, pageSize: entries.pageSize, total: entries.total, onPageChange: setPage }}
      />
      <ConfirmModal
        open={removing !== null}
        title="Remove this tool from the list?"
        confirmLabel="Remove"
        busy={remove.isPending}
        error={removeFailure}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { id: list.id, productId: removing.productId },
            {
              onSuccess: () => {
                toast.success(`${removing.name} is ${formatPercent(list.defaultPercentOff)} off again, as the list says`);
                setRemoving(null);
              },
              onError: (error) => setRemoveFailure(errorMessage(error)),
            },
          );
        }}
      >
        {removing ? `${removing.name} will cost what the list’s ${formatPercent(list.defaultPercentOff)} off makes it.` : null}
      </ConfirmModal>
    </div>
  );
}
