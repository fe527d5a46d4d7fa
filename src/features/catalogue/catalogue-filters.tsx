// The search box and category chips above Our Tools: the dealer types part of a name, a SKU or words of a
// description, or picks one category; the cards below follow as they type. Beside the box, Cards / List
// switches how the tools are shown.

import { type ReactNode, useId } from 'react';
import type { CatalogueView } from './catalogue-view';
import { useCategories } from './get-categories';
import { formatCount } from '../../contract/pricing';

export interface CatalogueFiltersProps {
  query: string;
  onQuery: (query: string) => void;
  category: string | null;
  onCategory: (category: string | null) => void;
  view: CatalogueView;
  onView: (view: CatalogueView) => void;
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`btn btn-sm min-h-11 rounded-full ${pressed ? 'btn-primary' : 'btn-outline border-base-300'}`}
    >
      {children}
    </button>
  );
}

const VIEW_ICONS: Record<CatalogueView, string> = {
  cards: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h3v3H4zM10 6.5h10M4 10.5h3v3H4zM10 12h10M4 16h3v3H4zM10 17.5h10',
};

/**
 * Two buttons, one pressed: a pair of pressed-state buttons rather than radios, as the chips are. Joined by
 * their own corners rather than daisyUI's join, whose scoped rules the prerendered page's inlined CSS
 * cannot carry.
 */
export function ViewToggle({ view, onView }: { view: CatalogueView; onView: (view: CatalogueView) => void }) {
  return (
    <div role="group" aria-label="Show tools as" className="inline-flex">
      {(['cards', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onView(option)}
          className={`btn min-h-11 gap-1.5 ${option === 'cards' ? 'rounded-r-none' : '-ml-px rounded-l-none'} ${view === option ? 'btn-neutral' : 'btn-outline border-base-300'}`}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
            <path d={VIEW_ICONS[option]} />
          </svg>
          {option === 'cards' ? 'Cards' : 'List'}
        </button>
      ))}
    </div>
  );
}

/** The filters' place on the page: the top bar's search lands here, with the search in the box and the results just below. */
export const CATALOGUE_SEARCH_ANCHOR = 'tools-search';

export function CatalogueFilters({ query, onQuery, category, onCategory, view, onView }: CatalogueFiltersProps) {
  const inputId = useId();
  const categories = useCategories();
  const total = categories.data?.reduce((sum, c) => sum + c.count, 0);
  return (
    <div id={CATALOGUE_SEARCH_ANCHOR} className="mb-8 grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 max-w-xl grow basis-72 gap-1">
          <label htmlFor={inputId} className="font-semibold">
            Search tools
          </label>
          <input
            id={inputId}
            type="search"
            className="input input-bordered w-full"
            placeholder="Name, SKU or description"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={query}
            maxLength={100}
            onChange={(event) => onQuery(event.target.value)}
          />
        </div>
        <ViewToggle view={view} onView={onView} />
      </div>
      {categories.data && categories.data.length > 1 ? (
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          <Chip pressed={category === null} onClick={() => onCategory(null)}>
            All
            {total === undefined ? null : (
              <>
                {' '}
                <span className="font-normal opacity-80">{formatCount(total)}</span>
              </>
            )}
          </Chip>
          {categories.data.map((c) => (
            <Chip key={c.name} pressed={category === c.name} onClick={() => onCategory(category === c.name ? null : c.name)}>
              {c.name} <span className="font-normal opacity-80">{formatCount(c.count)}</span>
            </Chip>
          ))}
        </div>
      ) : null}
    </div>
  );
}
