import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SWIPE_THRESHOLD_PX } from '../../src/config/ui';
import {
  carouselReducer,
  initialCarouselState,
  isAutoPlaying,
  keyToEvent,
  swipeToEvent,
  type CarouselEvent,
  type CarouselState,
} from '../../src/ui/carousel-state';

const run = (state: CarouselState, ...events: CarouselEvent[]) => events.reduce(carouselReducer, state);

describe('carousel state machine', () => {
  test('starts on the first slide and auto-plays when there is more than one slide', () => {
    const state = initialCarouselState(5, false);
    expect(state.index).toBe(0);
    expect(isAutoPlaying(state)).toBe(true);
    expect(isAutoPlaying(initialCarouselState(1, false))).toBe(false);
    expect(isAutoPlaying(initialCarouselState(0, false))).toBe(false);
  });

  test('a tick advances one slide and wraps from the last to the first', () => {
    const start = initialCarouselState(3, false);
    expect(run(start, { type: 'tick' }).index).toBe(1);
    expect(run(start, { type: 'tick' }, { type: 'tick' }).index).toBe(2);
    expect(run(start, { type: 'tick' }, { type: 'tick' }, { type: 'tick' }).index).toBe(0);
  });

  test('next and previous wrap both ways', () => {
    const start = initialCarouselState(4, false);
    expect(run(start, { type: 'prev' }).index).toBe(3);
    expect(run(start, { type: 'prev' }, { type: 'next' }).index).toBe(0);
    expect(run(start, { type: 'goTo', index: 3 }, { type: 'next' }).index).toBe(0);
  });

  test('hover pauses auto-advance and leaving resumes it', () => {
    const hovered = run(initialCarouselState(3, false), { type: 'hover', on: true });
    expect(isAutoPlaying(hovered)).toBe(false);
    expect(run(hovered, { type: 'tick' }).index).toBe(0);
    const left = run(hovered, { type: 'hover', on: false });
    expect(isAutoPlaying(left)).toBe(true);
    expect(run(left, { type: 'tick' }).index).toBe(1);
  });

  test('keyboard focus pauses auto-advance until focus leaves', () => {
    const focused = run(initialCarouselState(3, false), { type: 'focus', on: true });
    expect(run(focused, { type: 'tick' }, { type: 'tick' }).index).toBe(0);
    expect(run(focused, { type: 'hover', on: true }, { type: 'focus', on: false }, { type: 'tick' }).index).toBe(0);
    expect(run(focused, { type: 'focus', on: false }, { type: 'tick' }).index).toBe(1);
  });

  test('the stop button stops rotation; reduced motion starts stopped; manual moves still work', () => {
    const stopped = run(initialCarouselState(3, false), { type: 'toggleStop' });
    expect(isAutoPlaying(stopped)).toBe(false);
    expect(run(stopped, { type: 'tick' }).index).toBe(0);
    expect(run(stopped, { type: 'next' }).index).toBe(1);
    const reduced = initialCarouselState(3, true);
    expect(isAutoPlaying(reduced)).toBe(false);
    expect(isAutoPlaying(run(reduced, { type: 'toggleStop' }))).toBe(true);
  });

  test('only changes made by the visitor are marked for announcement', () => {
    const start = initialCarouselState(3, false);
    expect(run(start, { type: 'tick' }).origin).toBe('auto');
    expect(run(start, { type: 'next' }).origin).toBe('user');
    expect(run(start, { type: 'next' }, { type: 'tick' }).origin).toBe('auto');
  });

  test('a shorter list keeps the index inside it', () => {
    const atEnd = run(initialCarouselState(5, false), { type: 'last' });
    expect(atEnd.index).toBe(4);
    expect(run(atEnd, { type: 'setCount', count: 2 }).index).toBe(1);
    expect(run(atEnd, { type: 'setCount', count: 0 }).index).toBe(0);
  });

  test('the index always stays within the slides, whatever happens', () => {
    const event: fc.Arbitrary<CarouselEvent> = fc.oneof(
      fc.constant<CarouselEvent>({ type: 'tick' }),
      fc.constant<CarouselEvent>({ type: 'next' }),
      fc.constant<CarouselEvent>({ type: 'prev' }),
      fc.constant<CarouselEvent>({ type: 'first' }),
      fc.constant<CarouselEvent>({ type: 'last' }),
      fc.integer({ min: -20, max: 20 }).map((index): CarouselEvent => ({ type: 'goTo', index })),
      fc.boolean().map((on): CarouselEvent => ({ type: 'hover', on })),
      fc.boolean().map((on): CarouselEvent => ({ type: 'focus', on })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(event, { maxLength: 40 }), (count, events) => {
        const end = run(initialCarouselState(count, false), ...events);
        return Number.isInteger(end.index) && end.index >= 0 && end.index < count;
      }),
    );
  });
});

describe('keys and swipes', () => {
  test('arrow keys move, Home and End jump, other keys are left alone', () => {
    expect(keyToEvent('ArrowRight')).toEqual({ type: 'next' });
    expect(keyToEvent('ArrowLeft')).toEqual({ type: 'prev' });
    expect(keyToEvent('Home')).toEqual({ type: 'first' });
    expect(keyToEvent('End')).toEqual({ type: 'last' });
    expect(keyToEvent('Tab')).toBeNull();
    expect(keyToEvent('Enter')).toBeNull();
    expect(keyToEvent('ArrowDown')).toBeNull();
  });

  test(`a swipe must travel more than ${SWIPE_THRESHOLD_PX} px sideways`, () => {
    expect(swipeToEvent(-40)).toBeNull();
    expect(swipeToEvent(40)).toBeNull();
    expect(swipeToEvent(-41)).toEqual({ type: 'next' });
    expect(swipeToEvent(41)).toEqual({ type: 'prev' });
    expect(swipeToEvent(-120, 10)).toEqual({ type: 'next' });
  });

  test('a mostly vertical gesture is a scroll, not a swipe', () => {
    expect(swipeToEvent(-60, 80)).toBeNull();
    expect(swipeToEvent(60, -60)).toBeNull();
  });
});
