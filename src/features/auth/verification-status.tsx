// The e-mail verification state on My Profile, with a way to resend the e-mail while unverified.
// The state is re-read from Firebase once the page has opened and when the user comes back to the tab,
// since the link is usually opened in a mail app or another tab.

import { useEffect, useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { afterLoadWhenIdle } from '../../ui/when-idle';
import { texts, toasts } from '../../contract/messages';
import { authErrorMessage } from './auth-errors';
import { useSession } from './session';
import { refreshVerification, resendVerification } from './verification';

export function VerificationStatus({ online }: { online: boolean }) {
  const id = useId();
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') refreshVerification().catch(() => undefined);
    };
    // On opening, once the page has loaded and the browser is idle: asking Firebase loads its code, which
    // would otherwise compete with the screen's first paint.
    let open = true;
    void afterLoadWhenIdle().then(() => {
      if (open) refresh();
    });
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      open = false;
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);

  if (!user) {
    return (
      <p role="alert" className="text-sm text-error">
        {texts.noUserLoggedIn}
      </p>
    );
  }

  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="verification-state">
        <span className="badge badge-success">Verified</span>
        Your e-mail address is verified.
      </p>
    );
  }

  const resend = async () => {
    setError(null);
    setSending(true);
    try {
      await resendVerification();
      toast.success(toasts.verificationSent);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="rounded-box border border-warning/60 bg-warning/10 p-4" data-testid="verification-state">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="badge badge-warning">Not verified</span>
        Your e-mail address is not verified yet. Open the link in the e-mail we sent to {user.email}.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          onClick={() => void resend()}
          disabled={!online || sending}
          aria-describedby={online ? undefined : `${id}-offline`}
        >
          {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Resend verification e-mail
        </button>
        {online ? null : (
          <p id={`${id}-offline`} className="text-sm" role="status">
            {texts.needsNetwork}
          </p>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
