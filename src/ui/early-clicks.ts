// Taps on a prerendered page before the app has hydrated it (docs/architecture.md, "Prerendered public
// pages"). Links work without script, buttons do not: the page's boot script (vite.config.ts, with
// EARLY_CLICKS_BOOT from src/contract/prerendered-pages.ts) keeps the
// buttons clicked until the app starts, and they are clicked again once hydration has given them their
// handlers, so a dealer's first tap on Menu on a slow tablet is never lost. Clicks from the moment
// hydration starts are React's own to replay, so keeping stops there.

/** What the boot script leaves on window: `take` stops keeping and hands over the buttons clicked so far. */
export interface EarlyClicks {
  take(): Element[];
}

declare global {
  interface Window {
    __forgelineEarlyClicks?: EarlyClicks;
  }
}

let waiting: Element[] = [];

/** Called just before hydration starts: later clicks are React's. */
export function stopKeepingEarlyClicks(): void {
  waiting = window.__forgelineEarlyClicks?.take() ?? [];
  delete window.__forgelineEarlyClicks;
}

/** Called once the page has hydrated: each button clicked before, still on the page, is clicked again. */
export function replayEarlyClicks(): void {
  const buttons = waiting;
  waiting = [];
  for (const button of buttons) if (button.isConnected && button instanceof HTMLButtonElement && !button.disabled) button.click();
}
