// Taps made before the app has drawn the page (docs/architecture.md, "Prerendered public pages" and "Screen
// frames"). Links work without script, buttons do not: every page's boot script (scripts/prerender/page-html.ts,
// with EARLY_CLICKS_BOOT from src/contract/prerendered-pages.ts) keeps the buttons clicked, and the element
// focused, until the app takes them. A prerendered page's own buttons are clicked again once hydration has
// given them their handlers; a screen's frame is replaced by the app's first render, so its buttons are
// found again in the app's tree, by their kind and name, and so is the focus the frame had. A dealer's first
// tap on Menu on a slow tablet is never lost.

/** What the boot script leaves on window: `take` stops keeping and hands over what it kept so far. */
export interface EarlyClicks {
  take(): { clicked: Element[]; focused: Element | null };
}

declare global {
  interface Window {
    __forgelineEarlyClicks?: EarlyClicks;
  }
}

let waiting: Element[] = [];
let focused: Element | null = null;

/**
 * Stops keeping: called just before hydration starts, as clicks from then on are React's to replay, and by
 * the app's first commit, which replaced the frame (a no-op when hydration has stopped it already). In that
 * commit the focus the frame had moves to the app at once: a key pressed before the app's effects run must
 * reach the app's control, not the page's body.
 */
export function stopKeepingEarlyClicks(): void {
  const kept = window.__forgelineEarlyClicks?.take();
  delete window.__forgelineEarlyClicks;
  if (kept) {
    waiting = kept.clicked;
    focused = kept.focused;
  }
  restoreLostFocus();
}

/** What names a control to the user: its label, or its text. */
const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/gu, ' ').trim();

/** The app's own control in place of `gone`, which the first render removed: the same kind, name and target, on screen. */
function counterpart(gone: Element): HTMLElement | null {
  const name = nameOf(gone);
  if (name === '') return null;
  const href = gone.getAttribute('href');
  const root = document.getElementById('root');
  for (const candidate of root?.querySelectorAll(gone.localName) ?? []) {
    if (
      candidate instanceof HTMLElement &&
      nameOf(candidate) === name &&
      candidate.getAttribute('href') === href &&
      candidate.checkVisibility({ visibilityProperty: true })
    ) {
      return candidate;
    }
  }
  return null;
}

/** Focus that went with the frame's markup moves to the app's control in its place (the page's own markup, still there, kept it). */
function restoreLostFocus(): void {
  if (!focused || focused.isConnected) return;
  if (document.activeElement === null || document.activeElement === document.body) counterpart(focused)?.focus();
  focused = null;
}

/** Called once the app has drawn the page: the focus the frame had moves to the app, and each button clicked before is clicked again. */
export function replayEarlyClicks(): void {
  restoreLostFocus();
  const buttons = waiting;
  waiting = [];
  focused = null;
  for (const button of buttons) {
    const target = button.isConnected ? button : counterpart(button);
    if (target instanceof HTMLButtonElement && !target.disabled) target.click();
  }
}
