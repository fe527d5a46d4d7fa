// The home page's tool cards (the spec, Tools): image, name, description cut to 150
// characters plus an ellipsis, and 'Order Now'; the route may add an action of its own under it
// (Add to order). The price is the dealer's own where its company has a price list (tool-price.ts), with a
// note saying so once above the cards. A spinner shows while the catalogue loads. The list holds one page of cards at a
// time and grows by pages with Show more: never thousands of cards at once. The same pages can be shown
// as a compact list of rows instead (tool-rows.tsx), as the dealer chose (catalogue-view.ts).

import { Link } from '@tanstack/react-router';
import { Fragment, memo, type ReactNode, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Product } from '../../contract/product';
import { cutDescription, formatCount } from '../../contract/pricing';
import type { DealerPrices } from '../../offline/prices';
import { PICTURE_SIZES, pictureSources } from '../../ui/product-picture';
import { Spinner } from '../../ui/spinner';
import { useHydrated } from '../../ui/use-hydrated';
import type { CatalogueView } from './catalogue-view';
import { type ToolSearch, useProductSearch } from './search-products';
import { unitPriceText, useCataloguePrices } from './tool-price';
import { ToolRows } from './tool-rows';

/**
 * An extra action beside a tool's Order Now, given the tool, the id of its name (for aria-describedby) and
 * where it is drawn: under a card, across its width, or in a row of the list, beside Order Now.
 */
export type CardAction = (product: Product, nameId: string, layout: 'card' | 'row') => ReactNode;

/**
 * A card off screen is not laid out or painted until it comes near the screen (`content-visibility: auto`,
 * as tall as a card meanwhile): on a slow tablet, drawing a page of 24 cards under the hero, and drawing it
 * again for a search, was one long task of style and layout for cards nobody could see yet.
 * Memoised: a list that renders again (a new answer, the first cards drawn) leaves unchanged cards alone.
 * The list keys its cards by place, so a new answer rewrites the texts of the cards on screen instead of
 * drawing every card again; the picture and the route's action are keyed by the tool, so neither a
 * picture nor an action's state is ever shown beside another tool's name.
 */
export const ProductCard = memo(function ProductCard({
  product,
  action,
  prices,
}: {
  product: Product;
  action?: CardAction | undefined;
  prices?: DealerPrices | null;
}) {
  const nameId = `product-${product._id}-name`;
  return (
    <li className="group flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition-shadow [contain-intrinsic-size:auto_640px] [content-visibility:auto] hover:shadow-lg">
      <div className="relative overflow-hidden bg-base-200">
        <img
          key={product._id}
          {...pictureSources(product.imageUrl, PICTURE_SIZES.card)}
          alt={product.name}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <span className="absolute right-3 top-3 rounded-full bg-neutral px-3 py-1 text-sm font-bold text-neutral-content" data-testid="unit-price">
          {unitPriceText(product, prices)}
          <span className="font-normal"> / unit</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 id={nameId} className="text-lg font-bold leading-snug">
            {product.name}
          </h3>
          {product.sku ? <p className="mt-1 font-mono text-xs text-base-content/75">SKU {product.sku}</p> : null}
        </div>
        <p className="flex-1 text-sm leading-relaxed text-base-content/80" data-testid="product-description">
          {cutDescription(product.description)}
        </p>
        <dl className="grid grid-cols-2 gap-2 rounded-field bg-base-200 px-3 py-2 text-sm">
          <div>
            <dt className="text-base-content/75">Min. order</dt>
            <dd className="font-semibold">{formatCount(product.minOrderQnt)} pcs.</dd>
          </div>
          <div>
            <dt className="text-base-content/75">In stock</dt>
            <dd className="font-semibold">{formatCount(product.availableQnt)} pcs.</dd>
          </div>
        </dl>
        <Link to="/products/$id" params={{ id: product._id }} className="btn btn-primary mt-1 w-full" aria-describedby={nameId}>
          Order Now
        </Link>
        <Fragment key={product._id}>{action?.(product, nameId, 'card')}</Fragment>
      </div>
    </li>
  );
});

/** Cards drawn (or rewritten) in one task while browsing: a page of 24 at once was a long task on a slow tablet. */
export const CARDS_PER_TASK = 6;

interface Drawing {
  products: Product[];
  /** The cards before `upTo` show `products`; those after it still show `before`, until the next task rewrites them. */
  upTo: number;
  before: Product[];
}

const shownOf = (drawing: Drawing): Product[] =>
  drawing.upTo >= drawing.products.length
    ? drawing.products
    : drawing.products.slice(0, drawing.upTo).concat(drawing.before.slice(drawing.upTo, drawing.products.length));

/**
 * The products to draw: a new list is drawn `perTask` cards per task, from the first, the cards further down
 * keeping the tools they showed until their turn (or appearing then), each task short enough for the page to
 * answer in between. `drawing` says whether some are still to come. Each further slice is a transition: React
 * builds its cards in pieces of a few milliseconds and lets a key or a newer answer go first, where an
 * ordinary update built them in one piece (a profile at 4x showed 80 to 110 ms of React per slice of six).
 */
function useDrawnInSlices(products: Product[], perTask: number): { shown: Product[]; drawing: boolean } {
  const [drawing, setDrawing] = useState<Drawing>({ products, upTo: Math.min(products.length, perTask), before: [] });
  let current = drawing;
  if (drawing.products !== products) {
    current = { products, upTo: Math.min(products.length, perTask), before: shownOf(drawing) };
    setDrawing(current);
  }
  const more = current.upTo < current.products.length;
  useEffect(() => {
    if (!more) return;
    const next = setTimeout(() => startTransition(() => setDrawing((now) => (now === drawing ? { ...now, upTo: now.upTo + perTask } : now))), 0);
    return () => clearTimeout(next);
  }, [drawing, more, perTask]);
  return { shown: shownOf(current), drawing: more };
}

/**
 * The cards of the pages shown, keyed by place (see ProductCard). `gradual` draws them a few per task
 * (useDrawnInSlices): for browsing, where nobody waits for the cards further down; the answer to a search is
 * drawn whole at once, as the dealer waits for it.
 */
export function ToolCards({
  products,
  action,
  busy,
  prices,
  gradual = false,
}: {
  products: Product[];
  action?: CardAction | undefined;
  busy: boolean;
  prices?: DealerPrices | null;
  gradual?: boolean;
}) {
  const { shown, drawing } = useDrawnInSlices(products, gradual ? CARDS_PER_TASK : Number.POSITIVE_INFINITY);
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Tools" aria-busy={busy || drawing}>
      {shown.map((product, place) => (
        <ProductCard key={place} product={product} action={action} prices={prices} />
      ))}
    </ul>
  );
}

export interface ToolsListProps {
  search: ToolSearch;
  cardAction?: CardAction | undefined;
  view?: CatalogueView;
  /** The dealer has typed past `search`: its answer is not drawn, the cards drawn last stay (busy) until the next search. */
  behind?: boolean;
}

export function ToolsList({ search, cardAction, view = 'cards', behind = false }: ToolsListProps) {
  const results = useProductSearch(search);
  const prices = useCataloguePrices();
  // The first cards are drawn at a lower priority than the answer that brought them: that render yields to
  // the browser every few milliseconds, so a slow tablet's page does not freeze while the app is still
  // starting (docs/performance.md). Later answers (a search, a page) are drawn at once, as the dealer waits
  // for them.
  const [firstDrawn, setFirstDrawn] = useState(false);
  const deferred = useDeferredValue(results.data);
  const answer = firstDrawn ? results.data : deferred;
  useEffect(() => {
    if (deferred && !firstDrawn) setFirstDrawn(true);
  }, [deferred, firstDrawn]);
  // Only the answer to what the box says is drawn. One to a search the dealer has typed past, and the last
  // answer kept on screen while the next search is asked (placeholder data), would each rewrite every card
  // for nothing: at trade scale a redraw of 24 cards is a long task on a slow tablet, and the one that
  // counts, the answer to the last key, would wait behind it. The cards drawn last stay, busy, meanwhile.
  const [drawn, setDrawn] = useState(answer);
  const settled = !behind && !results.isPlaceholderData;
  if (drawn !== answer && (settled || drawn === undefined)) setDrawn(answer);
  const data = settled || drawn === undefined ? answer : drawn;
  const busy = behind || results.isPlaceholderData || results.isFetchingNextPage;
  // Pages fetched at different moments may overlap by a tool when the catalogue changed in between.
  const products = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.items).filter((product) => !seen.has(product._id) && Boolean(seen.add(product._id)));
  }, [data]);
  const hydrated = useHydrated();
  if (results.isPending || !hydrated) return <Spinner label="Loading tools" />;
  if (results.isError) {
    return (
      <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center" role="alert">
        <p className="font-semibold">The tools could not be loaded right now.</p>
        <p className="mt-1 text-sm text-base-content/80">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => void results.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // The first answer is here; its cards are being drawn.
  if (!data) return <Spinner label="Loading tools" />;
  const total = data.pages.at(-1)?.total ?? 0;
  const filtered = search.q.trim() !== '' || search.category !== null;
  if (total === 0 && !filtered) {
    return <p className="rounded-box bg-base-100 p-8 text-center">New tools are on their way. Please check back soon.</p>;
  }
  return (
    <>
      <p className="mb-4 text-sm text-base-content/80" aria-live="polite" data-testid="tools-count">
        {total === 0 ? 'No tools match your search.' : `Showing ${formatCount(products.length)} of ${formatCount(total)} ${total === 1 ? 'tool' : 'tools'}`}
        {prices ? <span data-testid="dealer-prices-note"> · {prices.note}</span> : null}
      </p>
      {products.length > 0 && view === 'list' ? <ToolRows products={products} action={cardAction} prices={prices} busy={busy} /> : null}
      {products.length > 0 && view === 'cards' ? <ToolCards products={products} action={cardAction} prices={prices} busy={busy} gradual={!filtered} /> : null}
      {results.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-primary min-w-48"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? 'Loading more tools' : 'Show more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
