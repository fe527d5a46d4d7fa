import { getAccessToken } from '../../api/client';
import { forgetSavedQueries } from '../../api/query-persister';
import { forgetDealerPrices } from '../../offline/prices';
import { forgetSavedLists } from '../../offline/store';
import { forgetDevice } from '../../api/push-device';
import { clearSession } from './session';
import { getFirebaseAuth } from './firebase';

/**
 * Signs out of Firebase and forgets the access token and user (the spec, Logout). The answers saved
 * for this account go first and synchronously: a shared tablet may be switched off the moment Logout is
 * pressed (docs/decisions/029-a-shared-counter-tablet.md).
 */
export async function signOutEverywhere(): Promise<void> {
  forgetSavedQueries();
  // Started at once, before the session ends: a shared tablet may be switched off right after Logout.
  const prices = forgetDealerPrices().catch(() => undefined);
  const lists = forgetSavedLists().catch(() => undefined);
  // This device's notifications stop with the session (docs/notifications.md); asked with its token before it goes.
  const device = forgetDevice(getAccessToken()).catch(() => undefined);
  clearSession();
  try {
    const [{ signOut }, auth] = await Promise.all([import('firebase/auth'), getFirebaseAuth()]);
    await signOut(auth);
  } catch {
    // Offline or never initialised: the local session is already gone, which is what matters here.
  }
  await Promise.all([prices, lists, device]);
}
