// The search above a list of orders, the dealer's and the admin's alike: a text (applied on Search, or
// at once when the box is cleared), a status and the days placed (applied as they change), and Clear.
// The days are the reader's own calendar days: the list asks with the device's time zone.

import { useEffect, useId, useState } from 'react';
import { ADMIN_ORDERS_SEARCH_MAX_LENGTH, type OrdersSearchInput } from '../contract/order';
import { ORDER_STATUSES, type OrderStatus } from '../contract/order-status';

export interface OrderSearchValue {
  status: OrderStatus | '';
  /** What is typed in the box. */
  searchText: string;
  /** The text search applied to the list. */
  q: string;
  /** First and last day placed, `YYYY-MM-DD`, or ''. */
  from: string;
  to: string;
}

export const NO_ORDER_SEARCH: OrderSearchValue = { status: '', searchText: '', q: '', from: '', to: '' };

/**
 * The search a link opens a list with: `?order=O-2026-00042` (a notification's tap, docs/notifications.md) finds
 * that order; anything else opens the list unsearched.
 */
export function orderSearchOf(searchStr: string): OrderSearchValue {
  const order = (new URLSearchParams(searchStr).get('order') ?? '').trim().slice(0, ADMIN_ORDERS_SEARCH_MAX_LENGTH);
  return order ? { ...NO_ORDER_SEARCH, searchText: order, q: order } : NO_ORDER_SEARCH;
}

/** Whether the list is narrowed at all (the empty list then says no order matches, rather than none exist). */
export function isNarrowed(value: OrderSearchValue): boolean {
  return value.status !== '' || value.q !== '' || value.from !== '' || value.to !== '';
}

/** Typing alone changes nothing applied; anything else does, and a paged list starts again at page 1. */
export function searchApplied(previous: OrderSearchValue, next: OrderSearchValue): boolean {
  return (
    next.status !== previous.status ||
    next.from !== previous.from ||
    next.to !== previous.to ||
    !(next.searchText !== previous.searchText && next.q === previous.q)
  );
}

function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The API's query for a search: only what is set, and the time zone when days are. */
export function orderSearchQuery(value: OrderSearchValue): OrdersSearchInput {
  const query: OrdersSearchInput = {};
  if (value.status) query.status = value.status;
  if (value.q.trim()) query.q = value.q.trim();
  if (value.from) query.from = value.from;
  if (value.to) query.to = value.to;
  const tz = value.from || value.to ? deviceTimeZone() : undefined;
  if (tz) query.tz = tz;
  return query;
}

export interface OrderSearchFormProps {
  value: OrderSearchValue;
  onChange: (next: OrderSearchValue) => void;
  /** The search box's label, saying what it finds. */
  searchLabel: string;
  placeholder: string;
  /** How a status is named to this reader (admins see Paid as Pending). */
  statusLabel?: (status: OrderStatus) => string;
}

export function OrderSearchForm({ value, onChange, searchLabel, placeholder, statusLabel = (s) => s }: OrderSearchFormProps) {
  const ids = useId();
  // Days as typed; one that would end the range before it starts is not applied, and says so.
  const [days, setDays] = useState({ from: value.from, to: value.to });
  useEffect(() => setDays({ from: value.from, to: value.to }), [value.from, value.to]);
  const backwards = days.from !== '' && days.to !== '' && days.from > days.to;

  const changeDay = (which: 'from' | 'to', day: string) => {
    const next = { ...days, [which]: day };
    setDays(next);
    if (next.from === '' || next.to === '' || next.from <= next.to) onChange({ ...value, ...next });
  };

  return (
    <form
      role="search"
      aria-label="Find orders"
      className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(3,minmax(0,1fr))_auto] md:items-end xl:grid-cols-[minmax(14rem,2fr)_minmax(8rem,1fr)_minmax(8rem,1fr)_minmax(8rem,1fr)_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, q: value.searchText.trim() });
      }}
    >
      <div className="col-span-2 flex flex-col gap-1 md:col-span-4 xl:col-span-1">
        <label htmlFor={`${ids}-q`} className="text-sm font-medium">
          {searchLabel}
        </label>
        <div className="join w-full">
          <input
            id={`${ids}-q`}
            type="search"
            className="input join-item w-full"
            value={value.searchText}
            maxLength={ADMIN_ORDERS_SEARCH_MAX_LENGTH}
            placeholder={placeholder}
            onChange={(event) => {
              const searchText = event.target.value;
              onChange({ ...value, searchText, q: searchText === '' ? '' : value.q });
            }}
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </div>
      <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
        <label htmlFor={`${ids}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          id={`${ids}-status`}
          className="select w-full"
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value as OrderStatus | '' })}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-from`} className="text-sm font-medium">
          Placed from
        </label>
        <input
          id={`${ids}-from`}
          type="date"
          className="input w-full"
          value={days.from}
          max={days.to || undefined}
          aria-invalid={backwards || undefined}
          aria-describedby={backwards ? `${ids}-backwards` : undefined}
          onChange={(event) => changeDay('from', event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-to`} className="text-sm font-medium">
          Placed until
        </label>
        <input
          id={`${ids}-to`}
          type="date"
          className="input w-full"
          value={days.to}
          min={days.from || undefined}
          aria-invalid={backwards || undefined}
          aria-describedby={backwards ? `${ids}-backwards` : undefined}
          onChange={(event) => changeDay('to', event.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn btn-ghost col-span-2 justify-self-start md:col-span-1"
        disabled={!isNarrowed(value) && value.searchText === '' && days.from === '' && days.to === ''}
        onClick={() => onChange(NO_ORDER_SEARCH)}
      >
        Clear
      </button>
      {backwards ? (
        <p id={`${ids}-backwards`} role="alert" className="col-span-2 text-sm text-error md:col-span-4 xl:col-span-5">
          The first day comes after the last one: pick a first day on or before the last.
        </p>
      ) : null}
    </form>
  );
}
