// The fixed top bar (the spec): brand, Blogs, Portfolio, Dashboard when signed in, and the
// account links. Below lg (992 px) the links collapse into a disclosure menu that opens with a
// real button, closes on Escape, on a click outside and on navigation, and returns focus to the button.
// Signed in, the bar also leads to the catalogue: a Catalogue link (Our Tools on the home page) and the
// search the app puts beside the brand.

import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface NavbarProps {
  /** The signed-in user's display name, or null when signed out. */
  userName: string | null;
  onLogout: () => void;
  /** Status shown beside the links (the offline indicator). */
  status?: ReactNode;
  /** Beside the brand: the catalogue's search, which places itself (a field, or a button on a phone). */
  search?: ReactNode;
}

/** The bar and its brand link, shared with the shell's static frame (src/ui/app-frame.tsx). */
export const HEADER_CLASS = 'fixed inset-x-0 top-0 z-40 border-b border-base-300 bg-base-100';
export const NAV_CLASS = 'mx-auto flex h-16 max-w-7xl items-center gap-2 px-4';
export const BRAND_LINK_CLASS = '-ml-1 flex min-h-11 items-center gap-2 rounded-field px-1 text-xl font-black tracking-tight';

/**
 * `compact`: the name is left out where a dealer's bar needs the room, on a phone (for the search button)
 * and from lg (for the search field beside the links, the Catalogue link and the dealer's name); the link
 * keeps its label.
 */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <img src="/logo.svg" alt="" width="36" height="36" />
      <span className={compact ? 'hidden sm:inline lg:hidden' : undefined}>
        Forge<span className="text-primary">line</span>
      </span>
    </>
  );
}

const plainLinkClass = 'btn btn-ghost justify-start text-base font-semibold lg:justify-center';
// With the search beside the brand, the links sit closer together, so the field keeps a usable width on a
// 1024 px tablet even with the Offline badge and the order pad in the bar.
const compactLinkClass = `${plainLinkClass} lg:px-2.5`;
// daisyUI paints an aria-current button grey, where the orange text falls below 4.5:1; keep it on white.
const activeProps = {
  'aria-current': 'page' as const,
  className: '!bg-transparent !border-transparent text-primary underline decoration-2 underline-offset-8',
};

export function Navbar({ userName, onLogout, status, search }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const signedIn = userName !== null;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  const linkClass = search ? compactLinkClass : plainLinkClass;
  const links = (
    <>
      {/* From lg to xl the search field stands in for it: it opens the whole catalogue too. */}
      {signedIn ? (
        <Link to="/" hash="tools" className={`${linkClass} ${search ? 'lg:hidden xl:inline-flex' : ''}`} onClick={close}>
          Catalogue
        </Link>
      ) : null}
      <Link to="/blogs" className={linkClass} activeProps={activeProps} onClick={close}>
        Blogs
      </Link>
      <Link to="/portfolio" className={linkClass} activeProps={activeProps} onClick={close}>
        Portfolio
      </Link>
      {signedIn ? (
        <Link to="/dashboard" className={linkClass} activeProps={activeProps} onClick={close}>
          Dashboard
        </Link>
      ) : null}
      <span className="mx-2 hidden h-6 w-px bg-base-300 lg:block" aria-hidden="true" />
      {signedIn ? (
        <>
          <span className="flex min-h-11 items-center gap-2 px-4 text-sm font-semibold lg:px-2" data-testid="nav-user">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral text-xs font-bold text-neutral-content"
              aria-hidden="true"
            >
              {Array.from(userName)[0]?.toUpperCase()}
            </span>
            {/* From lg to xl the bar holds the links, the status and Logout on a 1024 px tablet only without the
                name: the initial stays, and the name is still read out. With the search field beside the
                brand, the name waits for 2xl. */}
            <span className={`max-w-[16rem] truncate lg:hidden ${search ? '2xl:block 2xl:max-w-[10rem]' : 'xl:block xl:max-w-[10rem]'}`} title={userName}>
              {userName}
            </span>
            <span className={`hidden lg:block lg:sr-only ${search ? '2xl:hidden' : 'xl:hidden'}`}>{userName}</span>
          </span>
          <button
            type="button"
            className="btn btn-outline btn-primary"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </button>
        </>
      ) : (
        <>
          <Link to="/login" className={linkClass} activeProps={activeProps} onClick={close}>
            Login
          </Link>
          <Link to="/register" className="btn btn-primary" onClick={close}>
            Register
          </Link>
        </>
      )}
    </>
  );

  return (
    <header ref={header} className={HEADER_CLASS}>
      <nav className={NAV_CLASS} aria-label="Main">
        <Link to="/" className={BRAND_LINK_CLASS} aria-label="Forgeline home" onClick={close}>
          <BrandMark compact={Boolean(search)} />
        </Link>
        {/* Using the search closes the menu, so the two never open over each other. */}
        {search ? (
          <div className="contents" onFocus={close}>
            {search}
          </div>
        ) : null}
        <div className={`flex items-center gap-2 ${search ? 'md:ml-auto' : 'ml-auto'}`}>
          {status}
          <div className="hidden items-center gap-1 lg:flex">{links}</div>
          <button
            ref={toggle}
            type="button"
            className="btn btn-ghost btn-square size-11 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      <div id={menuId} hidden={!open} className="border-t border-base-300 bg-base-100 shadow-lg lg:hidden">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">{open ? links : null}</div>
      </div>
    </header>
  );
}
