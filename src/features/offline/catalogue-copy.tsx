// The catalogue copy of This Device (docs/offline.md): when the saved catalogue was last synced, how many tools it
// holds (or how far its first copy is), how much room the app takes on the device, the company's price list as kept
// here, and Sync now, which asks the server for what changed and sends the saved orders. Read live: the sync writes
// in the catalogue's worker and every context is told.

import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { CURRENCY_NAMES, type CurrencyCode } from '../../contract/money';
import { texts } from '../../contract/messages';
import { formatCount } from '../../contract/pricing';
import { watchCatalogueCopy, type CatalogueCopySummary } from '../../offline/catalogue';
import { dealerPricesQueryOptions, savedPriceListCopy } from '../../offline/prices';
import { formatSavedAt } from '../../lib/saved-at';

type PriceListCopy = Awaited<ReturnType<typeof savedPriceListCopy>>;

/** The saved catalogue's summary, now and after every change; undefined while it is first read, null when it cannot be read. */
function useCatalogueCopy(): CatalogueCopySummary | null | undefined {
  const [copy, setCopy] = useState<CatalogueCopySummary | null | undefined>(undefined);
  useEffect(
    () =>
      watchCatalogueCopy(
        (value) => setCopy(value),
        () => setCopy(null),
      ),
    [],
  );
  return copy;
}

/** The browser's estimate of the room this app's storage takes (every database and cache of the site), read again when `changed` does. */
function useStorageUsage(changed: unknown): number | null {
  const [usage, setUsage] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    void navigator.storage
      ?.estimate()
      .then((estimate) => {
        if (current) setUsage(estimate.usage ?? null);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [changed]);
  return usage;
}

/** The company's price list as kept on the device, read again each time the app refreshes it. */
function usePriceListCopy(email: string): PriceListCopy | undefined {
  const prices = useQuery({ ...dealerPricesQueryOptions(email), enabled: email !== '' });
  const [copy, setCopy] = useState<PriceListCopy | undefined>(undefined);
  useEffect(() => {
    let current = true;
    savedPriceListCopy(email).then(
      (value) => current && setCopy(value),
      () => current && setCopy(null),
    );
    return () => {
      current = false;
    };
  }, [email, prices.dataUpdatedAt]);
  return copy;
}

const megabytes = (bytes: number) =>
  bytes < 1_000_000
    ? `${formatCount(Math.max(1, Math.round(bytes / 1_000)))} KB`
    : `${(bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;

function tools(copy: CatalogueCopySummary): string {
  if (copy.filling) return `${formatCount(copy.filling.saved)} of ${formatCount(copy.filling.total)} tools saved so far`;
  return copy.tools === 1 ? '1 tool' : `${formatCount(copy.tools)} tools, complete`;
}

function priceList(copy: PriceListCopy | undefined): string {
  if (copy === undefined) return '…';
  if (copy === null) return 'None kept on this device.';
  if (copy.name === null) return `List prices: your company has no price list (checked ${formatSavedAt(copy.savedAt)}).`;
  const currency = CURRENCY_NAMES[copy.currency as CurrencyCode] ?? copy.currency;
  const entries = copy.entries === 1 ? '1 price of its own' : `${formatCount(copy.entries)} prices of its own`;
  return `${copy.name}, in ${currency}: ${entries}, saved ${formatSavedAt(copy.savedAt)}.`;
}

export interface CatalogueCopyProps {
  email: string;
  online: boolean;
  /** Sends the saved orders now. */
  sendNow: () => Promise<void>;
}

export function CatalogueCopy({ email, online, sendNow }: CatalogueCopyProps) {
  const copy = useCatalogueCopy();
  const usage = useStorageUsage(copy ? `${copy.tools}|${copy.savedAt}` : copy);
  const prices = usePriceListCopy(email);
  const client = useQueryClient();
  const syncing = useIsFetching({ queryKey: queryKeys.catalogueSync }) + useIsFetching({ queryKey: queryKeys.dealerPricesRoot }) > 0;
  const syncNow = () => {
    void client.refetchQueries({ queryKey: queryKeys.catalogueSync });
    void client.refetchQueries({ queryKey: queryKeys.dealerPricesRoot });
    void sendNow();
  };

  return (
    <section aria-labelledby="catalogue-copy-title" className="mb-8 rounded-box border border-base-300 p-4" data-testid="catalogue-copy">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="catalogue-copy-title" className="text-xl font-bold">
          Catalogue copy
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {online ? null : <span className="text-sm text-base-content/80">{texts.needsNetwork}</span>}
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={!online || syncing}
            title={online ? undefined : texts.needsNetwork}
            onClick={syncNow}
          >
            {syncing ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {syncing ? 'Syncing' : 'Sync now'}
          </button>
        </div>
      </div>
      {copy === null ? <p className="text-sm">The catalogue saved on this device cannot be read in this browser.</p> : null}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Saved</dt>
        <dd data-testid="catalogue-saved-at">
          {copy === undefined ? '…' : copy?.savedAt ? formatSavedAt(copy.savedAt) : 'Not yet: it is saved on the first visit online.'}
        </dd>
        <dt className="font-semibold">Tools</dt>
        <dd data-testid="catalogue-tools">{copy ? tools(copy) : '…'}</dd>
        <dt className="font-semibold">Room taken</dt>
        <dd data-testid="storage-usage">
          {usage === null
            ? 'The browser does not say.'
            : `About ${megabytes(usage)}, the browser's estimate for everything this app keeps here: the catalogue, its pictures and the saved orders.`}
        </dd>
        <dt className="font-semibold">Price list</dt>
        <dd data-testid="price-list-copy">{priceList(prices)}</dd>
      </dl>
    </section>
  );
}
