// The signed-in user and access token, kept in localStorage so guards can decide synchronously
// and the app starts signed in even offline. Tabs stay in step through the storage event.

import { useSyncExternalStore } from 'react';
import { isSessionRefused, serverFieldErrors } from '../../api/errors';
import { ACCESS_TOKEN_KEY, getAccessToken } from '../../api/client';
import { writeTokenCopy } from '../../api/token-store';
import { createNotifier } from '../../lib/notify';

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
}

export interface Session {
  user: SessionUser | null;
  /** The server's admin flag for this user; null until fetched. */
  admin: boolean | null;
}

const SESSION_KEY = 'session';
const changes = createNotifier();

/**
 * The one signed-out snapshot, also what a prerendered page was rendered with: a signed-out visitor's
 * hydration finds the same object and React has nothing to render again (a new, equal object would make
 * it render the whole page again at once, in one long task).
 */
const SIGNED_OUT: Session = Object.freeze({ user: null, admin: null });

function read(): Session {
  try {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    const raw = localStorage.getItem(SESSION_KEY);
    if (!token || !raw) return SIGNED_OUT;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (!parsed.user || typeof parsed.user.email !== 'string') return SIGNED_OUT;
    return { user: parsed.user, admin: typeof parsed.admin === 'boolean' ? parsed.admin : null };
  } catch {
    return SIGNED_OUT;
  }
}

let state: Session = typeof localStorage === 'undefined' ? SIGNED_OUT : read();

function emit(): void {
  changes.notify();
}

function write(next: Session): void {
  state = next.user ? next : SIGNED_OUT;
  try {
    if (next.user) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage full or blocked: the in-memory session still works for this tab.
  }
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === ACCESS_TOKEN_KEY || event.key === null) {
      state = read();
      emit();
    }
  });
}

export function getSession(): Session {
  return state;
}

/** The signed-in account as the device keys what it keeps for it (its e-mail, lower case), or '' signed out. */
export function sessionOwner(): string {
  return state.user ? state.user.email.trim().toLowerCase() : '';
}

export const subscribeSession = changes.subscribe;

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => SIGNED_OUT);
}

/** Stores the access token and the user after a successful token exchange. */
export function startSession(user: SessionUser, accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  void writeTokenCopy(accessToken);
  write({ user, admin: state.user?.email === user.email ? state.admin : null });
}

/** Brings the service worker's IndexedDB copy in line with localStorage (at start-up). */
export function syncTokenCopy(): Promise<void> {
  return writeTokenCopy(state.user ? getAccessToken() : null);
}

export function updateSessionUser(changes: Partial<SessionUser>): void {
  if (state.user) write({ ...state, user: { ...state.user, ...changes } });
}

export function setAdminFlag(admin: boolean): void {
  if (state.user && state.admin !== admin) write({ ...state, admin });
}

/** Forgets the token and the user (the Firebase sign-out is done by sign-out.ts). */
export function clearSession(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing to remove.
  }
  void writeTokenCopy(null);
  write({ user: null, admin: null });
}

// "The server no longer accepts this session" (a 401/403 on a read, docs/architecture.md, "Identity and
// access"). Any screen or feature may report it; the app shell listens, signs out and sends the user to
// /login, remembering the page.
const expiries = createNotifier();

export const onSessionExpired = expiries.subscribe;

export function reportSessionExpired(): void {
  expiries.notify();
}

/**
 * What a form that saves the dealer's own data does with a refused save: a refused session signs out, the
 * server's field messages go to their fields; 'other' when the form must say what went wrong under itself.
 */
export function showSaveFailure<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  setFieldError: (field: TField, message: string) => void,
): 'session' | 'fields' | 'other' {
  if (isSessionRefused(error)) {
    reportSessionExpired();
    return 'session';
  }
  const found = serverFieldErrors(error, fields);
  for (const { field, message } of found) setFieldError(field, message);
  return found.length > 0 ? 'fields' : 'other';
}
