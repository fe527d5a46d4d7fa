// Our Tools (the spec, Home page): the catalogue's cards under the section's heading, with a
// search box and category chips above them; the hero's Our Tools button jumps here, and so do the top
// bar's Catalogue link and its search (`/?q=<search>#tools-search`, which fills the box with the search).

import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { tools } from '../../content/home';
import { useFollowHashTarget } from '../../ui/follow-hash-target';
import { Eyebrow, SectionTitle } from '../../ui/section-heading';
import { CatalogueFilters } from './catalogue-filters';
import { useCatalogueView } from './catalogue-view';
import { catalogueSearchOf, productSearchQueryOptions, requestFirstToolsPage } from './search-products';
import { ToolsList, type CardAction } from './tools-list';

// Home's first cards are asked for while the entry script is still running, before React renders the
// page; Our Tools is part of the entry (src/router.tsx) so this runs on the first visit's first script.
if (!import.meta.env.SSR && typeof window !== 'undefined' && window.location.pathname === '/') requestFirstToolsPage();

export function ToolsSection({ cardAction }: { cardAction?: CardAction | undefined } = {}) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [view, setView] = useCatalogueView();
  // A search sent from the top bar, applied after hydration (the build renders the box empty) and again on
  // every navigation that brings one, even the same search after the dealer typed another in the box.
  const requested = useLocation({ select: (location) => catalogueSearchOf(location.search) });
  const navigation = useLocation({ select: (location) => location.state.__TSR_key ?? location.state.key });
  useEffect(() => {
    if (requested === undefined) return;
    setQuery(requested);
    setCategory(null);
  }, [requested, navigation]);
  // The cards follow every key at once, at a lower priority than the box itself: typing never waits for
  // them, and the last results stay until the next are found (search-products.ts keeps them).
  const q = useDeferredValue(query.trim());
  const search = useMemo(() => ({ q, category }), [q, category]);
  // The box says more than the search the cards are at: the dealer typed on, and the cards hold until they
  // catch up (tools-list.tsx), so an answer typed past is never drawn.
  const behind = query.trim() !== q;
  // The same element while the search is the same: a key typed re-renders the box at once, not the cards,
  // which wait for the deferred search and its answer (from the catalogue worker, search-products.ts).
  const list = useMemo(() => <ToolsList search={search} cardAction={cardAction} view={view} behind={behind} />, [search, cardAction, view, behind]);
  // Asked for while the page renders, not after it has been committed; never while prerendering.
  const client = useQueryClient();
  const options = productSearchQueryOptions(search);
  if (typeof window !== 'undefined' && !client.getQueryState(options.queryKey)) void client.prefetchInfiniteQuery(options);
  // Each key asks for its search at once, not when the cards' lower-priority render gets to it (on a slow
  // tablet that came a few hundred milliseconds later); the search asked for at the key before, typed past
  // and not on screen, is cancelled (its server request aborted, or dropped in the catalogue's worker).
  const asked = useRef<ReturnType<typeof productSearchQueryOptions>['queryKey'] | null>(null);
  const onQuery = useCallback(
    (text: string) => {
      setQuery(text);
      const typed = productSearchQueryOptions({ q: text.trim(), category });
      const before = asked.current;
      asked.current = typed.queryKey;
      if (before && JSON.stringify(before) !== JSON.stringify(typed.queryKey)) {
        const typedPast = client.getQueryCache().find({ queryKey: before, exact: true });
        if (typedPast && typedPast.getObserversCount() === 0 && typedPast.state.fetchStatus === 'fetching') {
          void client.cancelQueries({ queryKey: before, exact: true });
        }
      }
      if (!client.getQueryState(typed.queryKey)) void client.prefetchInfiniteQuery(typed);
    },
    [category, client],
  );
  // The cards arrive after the page has painted: a jump to a section below (Learn More) still lands on it.
  const section = useRef<HTMLElement>(null);
  useFollowHashTarget(section);
  return (
    <section ref={section} id="tools" aria-labelledby="tools-title" className="mx-auto max-w-7xl px-4 py-16 lg:py-24">
      <div className="mb-10 max-w-2xl">
        <Eyebrow>Catalogue</Eyebrow>
        <SectionTitle id="tools-title">{tools.title}</SectionTitle>
        <p className="mt-3 leading-relaxed text-base-content/80">{tools.intro}</p>
      </div>
      <CatalogueFilters query={query} onQuery={onQuery} category={category} onCategory={setCategory} view={view} onView={setView} />
      {list}
    </section>
  );
}
