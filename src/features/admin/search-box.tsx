// The search of an admin list (Manage Orders, Make Admin): applied on submit; clearing the box (or its
// clear button) shows every row again. `value` is what is typed, `q` the search the list applies.

import { useId } from 'react';

export interface SearchValue {
  /** What is typed in the box. */
  searchText: string;
  /** The search applied to the list. */
  q: string;
}

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  maxLength: number;
  value: SearchValue;
  onChange: (next: SearchValue) => void;
}

export function SearchBox({ label, placeholder, maxLength, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <form
      role="search"
      className="flex flex-1 flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ searchText: value.searchText, q: value.searchText.trim() });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="join w-full">
        <input
          id={id}
          type="search"
          className="input join-item w-full"
          value={value.searchText}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => {
            const searchText = event.target.value;
            onChange({ searchText, q: searchText === '' ? '' : value.q });
          }}
        />
        <button type="submit" className="btn btn-primary join-item">
          Search
        </button>
      </div>
    </form>
  );
}

/** Typing alone keeps the page; a new search (even the same one again) or a cleared box starts at page 1. */
export function startsOver(previous: SearchValue, next: SearchValue): boolean {
  return !(next.searchText !== previous.searchText && next.q === previous.q);
}
