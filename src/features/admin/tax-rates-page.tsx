// Tax Rates (admins): the tax of orders by where they ship (docs/decisions/046-tax-per-ship-to-location.md).
// Every rate with its country, state or region, name and percentage; a rate is added, changed or deleted
// here. An order to a place without a rate, or from a company exempt under the reverse charge, carries no tax.

import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { formatRate, type TaxRate } from '../../contract/tax';
import { ConfirmModal } from '../../ui/confirm-modal';
import { countryName } from '../../ui/country-name';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { toast } from '../../ui/toast';
import { useOnline } from '../offline/network-status';
import { OfflineNotice } from './offline-notice';
import { useDeleteTaxRate, useTaxRates } from './tax-rates-api';
import { TaxRateForm } from './tax-rates-form';

/** "Germany" or "United States, CA": where the rate applies. */
const placeOf = (rate: Pick<TaxRate, 'country' | 'region'>) => [countryName(rate.country), rate.region].filter(Boolean).join(', ');

export function TaxRatesPage() {
  const offlineId = useId();
  const online = useOnline();
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  /** The form: null closed, 'new' to add a rate, else the rate being changed. */
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  const columns: Column<TaxRate>[] = [
    { header: 'Country', cell: (rate) => <span className="font-medium break-words">{countryName(rate.country)}</span> },
    { header: 'Region', cell: (rate) => rate.region || <span className="text-base-content/70">Whole country</span> },
    { header: 'Name', cell: (rate) => <span className="break-words">{rate.name}</span> },
    { header: 'Rate', cell: (rate) => formatRate(rate.rateMicros), className: 'tabular-nums whitespace-nowrap' },
    {
      header: 'Action',
      action: true,
      cell: (rate) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary btn-outline min-h-11"
            disabled={!online}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => setEditing(rate)}
          >
            Change<span className="sr-only"> the rate of {placeOf(rate)}</span>
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline min-h-11"
            disabled={!online}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => {
              setDeleteFailure(null);
              setDeleting(rate);
            }}
          >
            Delete<span className="sr-only"> the rate of {placeOf(rate)}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-4">
      <OfflineNotice online={online} id={offlineId} />
      <p className="text-base-content/80">
        An order is taxed at the rate of the place it ships to: its state or region’s where there is one, else its country’s, else not at all. A company exempt
        under the reverse charge pays no tax. Orders keep the tax they were placed with.
      </p>
      {editing ? (
        <TaxRateForm
          key={editing === 'new' ? 'new' : editing.id}
          rate={editing === 'new' ? null : editing}
          online={online}
          onCancel={() => setEditing(null)}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {rates.isError && !rates.data ? <QueryError what="tax rates" query={rates} /> : null}
      {rates.isPending || rates.data ? (
        <DataTable
          caption="Tax rates"
          columns={columns}
          rows={rates.data}
          loading="Loading the tax rates"
          rowKey={(rate) => rate.id}
          empty="There are no tax rates yet: orders carry no tax."
          busy={rates.isFetching && !rates.isPending}
          stackBelow="laptop"
          toolbar={
            editing === 'new' ? undefined : (
              <button
                type="button"
                className="btn btn-primary min-h-11 justify-self-start"
                disabled={!online}
                aria-describedby={online ? undefined : offlineId}
                onClick={() => setEditing('new')}
              >
                New tax rate
              </button>
            )
          }
        />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete this tax rate?"
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteFailure}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`The ${deleting.name} rate of ${placeOf(deleting)} is deleted`);
              if (editing !== 'new' && editing?.id === deleting.id) setEditing(null);
              setDeleting(null);
            },
            onError: (error) => setDeleteFailure(errorMessage(error)),
          });
        }}
      >
        {deleting
          ? `${deleting.name} at ${formatRate(deleting.rateMicros)} for ${placeOf(deleting)} is deleted. ${
              deleting.region
                ? 'Orders there are taxed at the country’s rate from now on, if it has one.'
                : 'Orders there carry no tax from now on, unless their region has a rate.'
            } Orders placed before keep their tax.`
          : null}
      </ConfirmModal>
    </div>
  );
}
