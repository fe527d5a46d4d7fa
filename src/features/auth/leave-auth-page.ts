// After signing in or registering the screen moves on: to the page that sent the visitor (`redirect`, a
// same-origin path checked by the route's validateSearch) or to its default. The top bar offers the signed-in
// links as soon as the session exists, a moment before that; a visitor who already followed one has chosen
// where to go, and is not pulled back.

import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export function useLeaveAuthPage(from: '/login' | '/register') {
  const router = useRouter();
  return useCallback(
    async (redirect: string | undefined, fallback: '/' | '/dashboard') => {
      if (router.state.location.pathname !== from) return;
      if (redirect) router.history.replace(redirect);
      else await router.navigate({ to: fallback, replace: true });
    },
    [router, from],
  );
}
