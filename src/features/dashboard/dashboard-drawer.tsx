// The dashboard frame: a sidebar beside the nested screen. Below lg the sidebar is a slide-in daisyUI
// drawer that opens from a real button, traps focus while open, and closes on Escape, a tap outside, a
// swipe to the left, or choosing an item.

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../../config/ui';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DashboardDrawerProps {
  /** Over the items on wide screens: 'Admin' or 'Dashboard'. */
  heading: string;
  /** The current item's label, shown beside the menu button below lg. */
  current: string | undefined;
  /** The items; `close` is for choosing one. */
  menu: (close: () => void) => ReactNode;
  children: ReactNode;
}

export function DashboardDrawer({ heading, current, menu, children }: DashboardDrawerProps) {
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const menuId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const touchStartX = useRef<number | null>(null);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) opener.current?.focus();
  };

  // Opening moves focus into the drawer, so keyboard and screen-reader users land on the menu. The
  // drawer becomes visible (and focusable) only once daisyUI's transition starts, so keep trying briefly.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const focusMenu = () => {
      const target = panel.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
      tries += 1;
      if (target && document.activeElement !== target && tries < 60) frame = requestAnimationFrame(focusMenu);
    };
    focusMenu();
    return () => cancelAnimationFrame(frame);
  }, [open]);

  // The drawer is only a drawer below lg; growing the window past lg closes it.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 62rem)');
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLElement>) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start !== null && end !== undefined && start - end > SWIPE_THRESHOLD_PX) close(false);
  };

  return (
    // From lg the menu is a column that stays in view while the screen scrolls; the column's colour and
    // border are painted on the whole drawer too, so they reach the bottom of the page below the menu.
    <div className="drawer lg:drawer-open lg:bg-[linear-gradient(to_right,var(--color-base-200)_calc(16rem-1px),var(--color-base-300)_calc(16rem-1px),var(--color-base-300)_16rem,transparent_16rem)]">
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0">
        <div className="sticky top-16 z-20 flex items-center gap-3 border-b border-base-300 bg-base-100/95 px-4 py-2 backdrop-blur lg:hidden">
          <button ref={opener} type="button" className="btn btn-outline gap-2" aria-controls={menuId} aria-expanded={open} onClick={() => setOpen(true)}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            Dashboard menu
          </button>
          {current ? <span className="truncate text-sm font-semibold text-base-content/80">{current}</span> : null}
        </div>
        {children}
      </div>

      <div className="drawer-side z-50 lg:top-16 lg:z-auto lg:h-[calc(100dvh-4rem)]">
        <button type="button" className="drawer-overlay lg:hidden" aria-label="Close the dashboard menu" tabIndex={-1} onClick={() => close()} />
        <nav
          id={menuId}
          ref={panel}
          aria-label="Dashboard"
          className="flex min-h-full w-72 flex-col gap-2 border-r border-base-300 bg-base-200 p-4 lg:w-64 lg:pt-10"
          onKeyDown={onPanelKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          <div className="flex items-center justify-between lg:hidden">
            <p className="text-lg font-bold">Dashboard</p>
            <button type="button" className="btn btn-ghost btn-square" aria-label="Close the dashboard menu" onClick={() => close()}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <p className="hidden px-4 text-xs font-semibold uppercase tracking-wide text-base-content/70 lg:block">{heading}</p>
          {menu(() => close(false))}
        </nav>
      </div>
    </div>
  );
}
