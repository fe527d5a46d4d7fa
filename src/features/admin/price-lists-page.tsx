// Price Lists (admins): what dealer companies pay instead of the list price (docs/decisions/045-price-lists-and-money.md).
// Every list with its currency, rate, default percentage off and how many companies and tools it has; a new
// list is made here, and opening one shows its tools. A list companies still buy with cannot be deleted:
// the server says so, in the confirmation.

import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatPercent, formatRate, type PriceListSummary } from '../../contract/price-list-admin';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { toast } from '../../ui/toast';
import { useOnline } from '../offline/network-status';
import { usePriceLists } from './get-price-lists';
import { OfflineNotice } from './offline-notice';
import { PriceListDetail } from './price-list-detail';
import { PriceListForm } from './price-list-form';
import { useDeletePriceList } from './save-price-list';

export function PriceListsPage() {
  const offlineId = useId();
  const online = useOnline();
  const lists = usePriceLists();
  const remove = useDeletePriceList();
  const [openId, setOpenId] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [deleting, setDeleting] = useState<PriceListSummary | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  if (openId) return <PriceListDetail id={openId} online={online} onBack={() => setOpenId(null)} />;

  const columns: Column<PriceListSummary>[] = [
    { header: 'Name', cell: (list) => <span className="font-medium break-words">{list.name}</span> },
    { header: 'Currency', cell: (list) => list.currency },
    { header: 'Rate per USD', cell: (list) => formatRate(list.rateMicros), className: 'tabular-nums' },
    { header: 'Default off', cell: (list) => formatPercent(list.defaultPercentOff), className: 'tabular-nums whitespace-nowrap' },
    { header: 'Companies', cell: (list) => list.companies, className: 'tabular-nums' },
    { header: 'Tools priced', cell: (list) => list.entries, className: 'tabular-nums' },
    {
      header: 'Action',
      action: true,
      cell: (list) => (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-primary btn-outline min-h-11" onClick={() => setOpenId(list.id)}>
            Open<span className="sr-only"> {list.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline min-h-11"
            disabled={!online}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => {
              setDeleteFailure(null);
              setDeleting(list);
            }}
          >
            Delete<span className="sr-only"> {list.name}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-4">
      <OfflineNotice online={online} id={offlineId} />
      <p className="text-base-content/80">
        A company with a price list pays in the list’s currency: the list price converted at its rate, less its percentage off, unless the list prices the tool
        itself. A company without one pays the list price in US dollars.
      </p>
      {making ? (
        <PriceListForm
          list={null}
          online={online}
          onCancel={() => setMaking(false)}
          onDone={(saved) => {
            setMaking(false);
            setOpenId(saved.id);
          }}
        />
      ) : null}
      {lists.isError && !lists.data ? <QueryError what="price lists" query={lists} /> : null}
      {lists.isPending || lists.data ? (
        <DataTable
          caption="Price lists"
          columns={columns}
          rows={lists.data}
          loading="Loading the price lists"
          rowKey={(list) => list.id}
          empty="There are no price lists yet: every company pays the list price in US dollars."
          busy={lists.isFetching && !lists.isPending}
          stackBelow="laptop"
          toolbar={
            making ? undefined : (
              <button
                type="button"
                className="btn btn-primary min-h-11 justify-self-start"
                disabled={!online}
                aria-describedby={online ? undefined : offlineId}
                onClick={() => setMaking(true)}
              >
                New price list
              </button>
            )
          }
        />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete this price list?"
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteFailure}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} is deleted`);
              setDeleting(null);
            },
            onError: (error) => setDeleteFailure(errorMessage(error)),
          });
        }}
      >
        {deleting
          ? `${deleting.name} and the prices it gives ${deleting.entries === 1 ? '1 tool' : `${deleting.entries} tools`} are deleted. Orders keep their prices.`
          : null}
      </ConfirmModal>
    </div>
  );
}
