// A jump to a section of the page (Learn More to #summary) lands on it even when a section above it grows
// after the jump: Our Tools draws its cards once the app has started, often while the browser's smooth
// scroll to the target is still under way, and that scroll ends where the target was before the cards
// pushed it down (the browser's scroll anchoring does not move a smooth scroll's end; Safari has no scroll
// anchoring at all). In Chromium at 4x CPU the jump ended on the cards in 2 of 3 runs; e2e/public-home.spec.ts
// checks it with scroll anchoring off.

import { type RefObject, useEffect } from 'react';

/** What tells that the dealer scrolls on their own: from then on the page is theirs to move. */
const OWN_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The element the URL's fragment names, when it comes after `section` (not inside it). */
function targetAfter(section: HTMLElement): HTMLElement | null {
  const fragment = window.location.hash.slice(1);
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    // A fragment that is not valid percent-encoding names an element by its raw text, as the browser does.
  }
  const target = id ? document.getElementById(id) : null;
  if (!target || section.contains(target)) return null;
  return section.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? target : null;
}

/**
 * While the dealer has not scrolled on their own since the last jump, each change of `section`'s height
 * scrolls the URL fragment's target, when it lies below the section, back into view.
 */
export function useFollowHashTarget(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const section = ref.current;
    if (!section || typeof ResizeObserver === 'undefined') return;
    let own = false;
    const onOwn = () => {
      own = true;
    };
    // A new jump (a link to another fragment, back and forward) is followed again.
    const onJump = () => {
      own = false;
    };
    let height = section.offsetHeight;
    const observer = new ResizeObserver(() => {
      const next = section.offsetHeight;
      if (next === height) return;
      height = next;
      if (!own) targetAfter(section)?.scrollIntoView();
    });
    observer.observe(section);
    for (const type of OWN_SCROLL_EVENTS) window.addEventListener(type, onOwn, { capture: true, passive: true });
    window.addEventListener('hashchange', onJump);
    return () => {
      observer.disconnect();
      for (const type of OWN_SCROLL_EVENTS) window.removeEventListener(type, onOwn, { capture: true });
      window.removeEventListener('hashchange', onJump);
    };
  }, [ref]);
}
