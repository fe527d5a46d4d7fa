// A keyboard, touch and screen-reader friendly carousel (the spec;
// WAI-ARIA APG carousel pattern). The rules live in carousel-state.ts; this file wires them to
// the DOM: a timer, pointer and keyboard events, and a polite announcement of user-made changes.

import { useEffect, useReducer, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../config/ui';
import { carouselReducer, initialCarouselState, isAutoPlaying, keyToEvent, swipeToEvent } from './carousel-state';

export interface CarouselProps<T> {
  items: readonly T[];
  /** Names the carousel for assistive technology, e.g. "Client reviews". */
  label: string;
  getKey: (item: T) => string;
  renderSlide: (item: T) => ReactNode;
  /** What a screen reader hears when the visitor moves to a slide, e.g. "Review 2 of 5, by Lena". */
  describeSlide: (item: T, position: number, count: number) => string;
  /** Shown instead of an empty box when there is nothing to show. */
  empty: ReactNode;
  intervalMs?: number;
}

/** Beyond this many slides, a "3 / 40" counter replaces the row of dots. */
const MAX_DOTS = 10;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isKeyboardFocus(target: EventTarget): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return true;
  }
}

const controlClass = 'btn btn-circle size-11 border-base-300 bg-base-100 text-base-content shadow-sm hover:border-primary hover:text-primary';

export function Carousel<T>({ items, label, getKey, renderSlide, describeSlide, empty, intervalMs = CAROUSEL_INTERVAL_MS }: CarouselProps<T>) {
  const [state, dispatch] = useReducer(carouselReducer, undefined, () => initialCarouselState(items.length, prefersReducedMotion()));
  const root = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const playing = isAutoPlaying(state);

  useEffect(() => {
    dispatch({ type: 'setCount', count: items.length });
  }, [items.length]);

  // The timer restarts after every change, so a slide the visitor just chose stays a full interval.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => dispatch({ type: 'tick' }), intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, state.index, intervalMs]);

  if (items.length === 0) return <>{empty}</>;

  const count = items.length;
  const index = Math.min(state.index, count - 1);
  const current = items[index];
  const announcement = state.origin === 'user' && current !== undefined ? describeSlide(current, index + 1, count) : '';

  const onKeyDown = (event: KeyboardEvent) => {
    const action = keyToEvent(event.key);
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    dispatch(action);
  };

  const onPointerDown = (event: PointerEvent) => {
    // Mouse users have the buttons; dragging with a mouse would fight text selection.
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };

  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const action = swipeToEvent(event.clientX - start.x, event.clientY - start.y);
    if (action) dispatch(action);
  };

  return (
    <div
      ref={root}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className="mx-auto max-w-3xl"
      data-playing={playing}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') dispatch({ type: 'hover', on: true });
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') dispatch({ type: 'hover', on: false });
      }}
      onFocus={(event) => {
        if (isKeyboardFocus(event.target)) dispatch({ type: 'focus', on: true });
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && root.current?.contains(event.relatedTarget))) dispatch({ type: 'focus', on: false });
      }}
    >
      <div
        className="-mx-1 grid touch-pan-y select-none overflow-x-clip py-2"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {items.map((item, i) => {
          const active = i === index;
          return (
            <div
              key={getKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              className={`[grid-area:1/1] transition duration-500 ease-out motion-reduce:transition-none ${
                active ? 'visible translate-x-0 opacity-100' : `invisible opacity-0 ${i < index ? '-translate-x-6' : 'translate-x-6'}`
              }`}
            >
              {renderSlide(item)}
            </div>
          );
        })}
      </div>

      {/* The rotation control comes first in the tab order (APG carousel pattern). */}
      {count > 1 ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 sm:justify-between">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={controlClass}
              aria-label={state.stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
              onClick={() => dispatch({ type: 'toggleStop' })}
            >
              {state.stopped ? (
                <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d="M7 4.5v15l13-7.5z" />
                </svg>
              ) : (
                <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
                </svg>
              )}
            </button>
            <button type="button" className={controlClass} aria-label="Previous review" onClick={() => dispatch({ type: 'prev' })}>
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <button type="button" className={controlClass} aria-label="Next review" onClick={() => dispatch({ type: 'next' })}>
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M9 5l7 7-7 7" />
              </svg>
            </button>
          </div>
          {count <= MAX_DOTS ? (
            <ul className="flex items-center" aria-label="Choose a review">
              {items.map((item, i) => (
                <li key={getKey(item)}>
                  <button
                    type="button"
                    className="group flex size-11 cursor-pointer items-center justify-center rounded-full"
                    aria-label={`Show review ${i + 1} of ${count}`}
                    aria-current={i === index ? 'true' : undefined}
                    onClick={() => dispatch({ type: 'goTo', index: i })}
                  >
                    <span
                      aria-hidden="true"
                      // Only the colour eases: a width drawn anew every frame would lay the page out again each time.
                      className={`block h-2.5 rounded-full transition-colors motion-reduce:transition-none ${
                        i === index ? 'w-7 bg-primary' : 'w-2.5 bg-base-content/55 group-hover:bg-base-content/80'
                      }`}
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="min-w-16 text-center text-sm font-semibold tabular-nums" aria-hidden="true">
              {index + 1} / {count}
            </p>
          )}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
