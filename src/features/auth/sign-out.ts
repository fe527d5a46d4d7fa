import { clearSession } from './session';
import { getFirebaseAuth } from './firebase';

/** Signs out of Firebase and forgets the access token and user (spec section 2, Logout). */
export async function signOutEverywhere(): Promise<void> {
  clearSession();
  try {
    const [{ signOut }, auth] = await Promise.all([import('firebase/auth'), getFirebaseAuth()]);
    await signOut(auth);
  } catch {
    // Offline or never initialised: the local session is already gone, which is what matters here.
  }
}
