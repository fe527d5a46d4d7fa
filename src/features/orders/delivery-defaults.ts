// Where an order is delivered unless the dealer types otherwise: the address and phone of the profile, and
// where the profile has none, those of the dealer's latest order (so "Order again" and the next order from
// the pad or a purchase page start from the delivery the dealer last used).

import { useQuery } from '@tanstack/react-query';
import { myOrdersQueryOptions } from './get-my-orders';

/** The profile as its query has it (the route reads it: it is the auth feature's). */
export interface ProfileRead {
  data?: { address?: string | undefined; phone?: string | undefined } | undefined;
  isSuccess: boolean;
  isPending: boolean;
  failureCount: number;
}

export interface DeliveryDefaults {
  address: string;
  phone: string;
  /** Still being read: the form waits, so its fields start filled. After one failed try it shows without them. */
  loading: boolean;
}

const waiting = (query: { isPending: boolean; failureCount: number }) => query.isPending && query.failureCount === 0;

/**
 * `fromLatestOrder` false: the profile's alone. A sales rep's latest order went to one of its companies, and
 * need not be where its next one goes (docs/decisions/043-sales-reps.md).
 */
export function useDeliveryDefaults(email: string, profile: ProfileRead, fromLatestOrder = true): DeliveryDefaults {
  const signedIn = email !== '';
  const incomplete = fromLatestOrder && profile.isSuccess && (!profile.data?.address || !profile.data.phone);
  const orders = useQuery({ ...myOrdersQueryOptions(email), enabled: signedIn && incomplete });
  // Newest first: the latest order's delivery.
  const latest = fromLatestOrder ? orders.data?.[0] : undefined;
  return {
    address: profile.data?.address || latest?.userAddress || '',
    phone: profile.data?.phone || latest?.userPhone || '',
    loading: signedIn && (waiting(profile) || (incomplete && waiting(orders))),
  };
}
