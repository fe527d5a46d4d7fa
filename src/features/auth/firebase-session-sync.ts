// Keeps our session in step with Firebase's (onAuthStateChanged): the name and verification state
// follow Firebase, and when Firebase no longer has a user (signed out elsewhere, account deleted,
// site data cleared) our session ends too.
// Firebase is only loaded for a signed-in user, so anonymous visitors never download it.

import { afterLoadWhenIdle } from '../../ui/when-idle';
import { loadFirebaseAuth } from './firebase';
import { getSession, subscribeSession } from './session';
import { applyFirebaseUser } from './verification';

/** Starts watching once someone is signed in; `onSignedOut` runs when Firebase drops a live session. */
export function syncSessionWithFirebase(onSignedOut: () => void): () => void {
  let stopWatching: (() => void) | null = null;
  let starting = false;

  const start = () => {
    if (stopWatching || starting) return;
    starting = true;
    loadFirebaseAuth()
      .then(({ auth, sdk }) => {
        stopWatching = sdk.onAuthStateChanged(auth, (firebaseUser) => {
          if (!getSession().user) return;
          if (!firebaseUser) {
            onSignedOut();
            return;
          }
          // A user of another e-mail (mid-way through signing in) is left alone: its own exchange replaces the session.
          applyFirebaseUser(firebaseUser).catch(() => undefined);
        });
      })
      .catch(() => {
        // Firebase could not load (offline first start): the session stays as it is.
      })
      .finally(() => {
        starting = false;
      });
  };

  // A page opened signed in starts watching once it has loaded and the browser is idle: Firebase (its code,
  // its storage) does not compete with the page's own first paint and data. A sign-in starts it at once.
  if (getSession().user) void afterLoadWhenIdle().then(start);
  const unsubscribe = subscribeSession(() => {
    if (getSession().user) start();
  });
  return () => {
    unsubscribe();
    stopWatching?.();
  };
}
