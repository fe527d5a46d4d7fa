// The search box and category chips above Our Tools: the dealer types part of a name, a SKU or words of a
// description, or picks one category; the cards below follow as they type.

import { type ReactNode, useId } from 'react';
import { useCategories } from './get-categories';
import { formatCount } from '../../contract/pricing';

export interface CatalogueFiltersProps {
  query: string;
  onQuery: (query: string) => void;
  category: string | null;
  onCategory: (category: string | null) => void;
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

export function CatalogueFilters({ query, onQuery, category, onCategory }: CatalogueFiltersProps) {
  const inputId = useId();
  const categories = useCategories();
  const total = categories.data?.reduce((sum, c) => sum + c.count, 0);
  return (
    <div className="mb-8 grid gap-4">
      <div className="grid max-w-xl gap-1">
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
