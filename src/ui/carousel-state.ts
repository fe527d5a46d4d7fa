// The carousel's behaviour as a pure state machine (the spec), so every rule
// (advance, wrap, pause, keys, swipe threshold) is tested without a DOM or a clock.

import { SWIPE_THRESHOLD_PX } from '../config/ui';

export interface CarouselState {
  index: number;
  count: number;
  /** A pointer rests on the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
  /** The visitor pressed Pause (or prefers reduced motion and has not pressed Play). */
  stopped: boolean;
  /** Who made the last change: automatic changes are not announced to screen readers. */
  origin: 'auto' | 'user';
}

export type CarouselEvent =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goTo'; index: number }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'hover'; on: boolean }
  | { type: 'focus'; on: boolean }
  | { type: 'toggleStop' }
  | { type: 'setCount'; count: number };

export function initialCarouselState(count: number, prefersReducedMotion: boolean): CarouselState {
  return { index: 0, count, hovered: false, focused: false, stopped: prefersReducedMotion, origin: 'auto' };
}

const wrap = (index: number, count: number): number => (count === 0 ? 0 : ((index % count) + count) % count);

/** Auto-advance runs only with more than one slide and nothing holding it still. */
export function isAutoPlaying(state: CarouselState): boolean {
  return state.count > 1 && !state.hovered && !state.focused && !state.stopped;
}

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case 'tick':
      // A tick that arrives after a pause began (a timer already queued) changes nothing.
      return isAutoPlaying(state) ? { ...state, index: wrap(state.index + 1, state.count), origin: 'auto' } : state;
    case 'next':
      return { ...state, index: wrap(state.index + 1, state.count), origin: 'user' };
    case 'prev':
      return { ...state, index: wrap(state.index - 1, state.count), origin: 'user' };
    case 'goTo':
      return { ...state, index: wrap(event.index, state.count), origin: 'user' };
    case 'first':
      return { ...state, index: 0, origin: 'user' };
    case 'last':
      return { ...state, index: Math.max(0, state.count - 1), origin: 'user' };
    case 'hover':
      return state.hovered === event.on ? state : { ...state, hovered: event.on };
    case 'focus':
      return state.focused === event.on ? state : { ...state, focused: event.on };
    case 'toggleStop':
      return { ...state, stopped: !state.stopped };
    case 'setCount':
      return { ...state, count: event.count, index: event.count === 0 ? 0 : Math.min(state.index, event.count - 1) };
  }
}

/** The event for a key pressed inside the carousel, or null when the key is not ours. */
export function keyToEvent(key: string): CarouselEvent | null {
  switch (key) {
    case 'ArrowRight':
      return { type: 'next' };
    case 'ArrowLeft':
      return { type: 'prev' };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    default:
      return null;
  }
}

/**
 * A swipe moves the carousel when it travels more than the threshold sideways and more sideways
 * than up or down (a mostly vertical gesture is the visitor scrolling the page).
 * Moving the finger to the left shows the next slide, as on every phone.
 */
export function swipeToEvent(dx: number, dy = 0, threshold = SWIPE_THRESHOLD_PX): CarouselEvent | null {
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? { type: 'next' } : { type: 'prev' };
}
