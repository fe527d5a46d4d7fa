// Sales reps as accounts (admins, docs/decisions/043-sales-reps.md): GET /api/admin/reps lists them;
// PUT /api/user/rep/{email} makes a customer a rep, who leaves its company; DELETE makes a rep a customer
// again, with a company of its own and none of the companies it was assigned.

import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';
import { AdminRepListSchema } from '../../contract/sales-rep';

export function getReps(signal?: AbortSignal) {
  return apiRequest('/admin/reps', { auth: true, schema: AdminRepListSchema, signal });
}

export const repsQueryOptions = () => queryOptions({ queryKey: queryKeys.adminReps, queryFn: ({ signal }) => getReps(signal), staleTime: 0 });

/** Every sales rep, by e-mail; `enabled: false` waits until the screen needs them. */
export function useReps({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...repsQueryOptions(), enabled });
}

export function makeRep(email: string) {
  return apiRequest(`/user/rep/${encodeURIComponent(email)}`, { method: 'PUT', auth: true, schema: ModifiedCountSchema });
}

export function makeCustomer(email: string) {
  return apiRequest(`/user/rep/${encodeURIComponent(email)}`, { method: 'DELETE', auth: true, schema: ModifiedCountSchema });
}

/** A role change moves the account between companies and adds to the audit log. */
async function refreshAfterRoleChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.users }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminReps }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
  ]);
}

export function useMakeRep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeRep, onSettled: () => refreshAfterRoleChange(queryClient) });
}

export function useMakeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeCustomer, onSettled: () => refreshAfterRoleChange(queryClient) });
}
