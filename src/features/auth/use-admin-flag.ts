// The server's admin flag for the signed-in user: from the session (the guards fetch it), or fetched
// here when not yet known. null until known.

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userProfileQueryOptions } from './get-user-profile';
import { setAdminFlag, useSession } from './session';

export function useAdminFlag(): boolean | null {
  const { user, admin } = useSession();
  const profile = useQuery({ ...userProfileQueryOptions(user?.email ?? ''), enabled: admin === null && user !== null });
  useEffect(() => {
    if (profile.data && user && profile.data.email === user.email) setAdminFlag(profile.data.admin);
  }, [profile.data, user]);
  return admin ?? (profile.data ? profile.data.admin : null);
}
