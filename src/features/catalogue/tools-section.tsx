// Our Tools (the spec, Home page): the catalogue's cards under the section's heading, with a
// search box and category chips above them; the hero's Our Tools button jumps here, and so do the top
// bar's Catalogue link and its search (`/?q=<search>#tools-search`, which fills the box with the search).

import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
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
  // The same element while the search is the same: a key typed re-renders the box at once, not the cards,
  // which wait for the deferred search and its answer (from the catalogue worker, search-products.ts).
  const list = useMemo(() => <ToolsList search={search} cardAction={cardAction} view={view} />, [search, cardAction, view]);
  // Asked for while the page renders, not after it has been committed; never while prerendering.
  const client = useQueryClient();
  const options = productSearchQueryOptions(search);
  if (typeof window !== 'undefined' && !client.getQueryState(options.queryKey)) void client.prefetchInfiniteQuery(options);
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
      <CatalogueFilters query={query} onQuery={setQuery} category={category} onCategory={setCategory} view={view} onView={setView} />
      {list}
    </section>
  );
}
