// The fixed top bar (spec section 2): collapses into a menu below lg (992 px).

import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface NavbarProps {
  /** The signed-in user's display name, or null when signed out. */
  userName: string | null;
  onLogout: () => void;
  /** Status shown beside the links (the offline indicator). */
  status?: ReactNode;
}

const linkClass = 'btn btn-ghost justify-start font-medium lg:justify-center';

export function Navbar({ userName, onLogout, status }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const signedIn = userName !== null;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const links = (
    <>
      <Link to="/blogs" className={linkClass} activeProps={{ 'aria-current': 'page', className: 'text-primary' }} onClick={close}>
        Blogs
      </Link>
      <Link to="/portfolio" className={linkClass} activeProps={{ 'aria-current': 'page', className: 'text-primary' }} onClick={close}>
        Portfolio
      </Link>
      {signedIn ? (
        <Link to="/dashboard" className={linkClass} activeProps={{ 'aria-current': 'page', className: 'text-primary' }} onClick={close}>
          Dashboard
        </Link>
      ) : null}
      {signedIn ? (
        <>
          <span className="px-4 py-2 text-sm font-semibold text-base-content/80 lg:py-0" data-testid="nav-user">
            {userName}
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
          <Link to="/login" className={linkClass} onClick={close}>
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
    <header className="fixed inset-x-0 top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4" aria-label="Main">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-xl font-extrabold tracking-tight" aria-label="Forgeline home">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>
            Forge<span className="text-primary">line</span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {status}
          <div className="hidden items-center gap-1 lg:flex">{links}</div>
          <button
            ref={toggle}
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {open ? (
        <div id={menuId} className="flex flex-col gap-1 border-t border-base-300 bg-base-100 px-4 py-3 shadow-lg lg:hidden">
          {links}
        </div>
      ) : null}
    </header>
  );
}
