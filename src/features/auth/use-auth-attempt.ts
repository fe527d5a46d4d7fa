// The shared state machine of the login and register screens (the spec): idle, loading, then
// success (the caller navigates) or an error in plain words. It also finishes a Google redirect
// when the page is the one the user comes back to.

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authErrorMessage } from './auth-errors';
import { userProfileQueryOptions } from './get-user-profile';
import type { SessionUser } from './session';
import { completeGoogleRedirect, isReturningFromGoogleRedirect } from './sign-in';

export function useAuthAttempt(onSignedIn: (user: SessionUser) => void | Promise<void>) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(isReturningFromGoogleRedirect);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  });

  const run = useCallback(
    async (attempt: () => Promise<SessionUser | null>) => {
      setError(null);
      setLoading(true);
      try {
        const user = await attempt();
        // null: the page is leaving for Google, or there was nothing to finish.
        if (!user) {
          if (mounted.current) setLoading(false);
          return;
        }
        // The admin flag before the first screen, so the dashboard and guards know the role at once.
        await queryClient.prefetchQuery(userProfileQueryOptions(user.email));
        await onSignedInRef.current(user);
      } catch (failure) {
        if (mounted.current) {
          setError(authErrorMessage(failure));
          setLoading(false);
        }
      }
    },
    [queryClient],
  );

  useEffect(() => {
    mounted.current = true;
    if (isReturningFromGoogleRedirect()) void run(completeGoogleRedirect);
    return () => {
      mounted.current = false;
    };
  }, [run]);

  return { loading, error, run };
}

export type AuthAttempt = ReturnType<typeof useAuthAttempt>;
