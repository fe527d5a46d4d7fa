// Waiting for the browser to have a moment, for work that must not compete with a page's first paint
// (the first catalogue sync, Firebase's session watch).

/** Resolves when the browser is idle, or after a few seconds at most. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  });
}

/** Resolves once the page has loaded and then the browser is idle. */
export function afterLoadWhenIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(whenIdle);
}
