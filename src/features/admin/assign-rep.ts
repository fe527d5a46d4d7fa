// PUT and DELETE /api/admin/companies/{id}/reps/{userId} (admins): a sales rep starts or stops ordering for a
// company. Both answer with the company's reps, which the company on screen takes at once.

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { AdminCompanyDetail } from '../../contract/company-admin';
import { CompanyRepSchema, type CompanyRep } from '../../contract/sales-rep';

export interface CompanyRepRequest {
  companyId: string;
  userId: string;
}

const CompanyRepListSchema = v.array(CompanyRepSchema);

const repPath = ({ companyId, userId }: CompanyRepRequest) => `/admin/companies/${encodeURIComponent(companyId)}/reps/${encodeURIComponent(userId)}`;

export function assignRep(request: CompanyRepRequest) {
  return apiRequest(repPath(request), { method: 'PUT', auth: true, schema: CompanyRepListSchema });
}

export function unassignRep(request: CompanyRepRequest) {
  return apiRequest(repPath(request), { method: 'DELETE', auth: true, schema: CompanyRepListSchema });
}

function showReps(queryClient: QueryClient, companyId: string, reps: CompanyRep[]) {
  queryClient.setQueryData<AdminCompanyDetail>(queryKeys.adminCompany(companyId), (detail) => (detail ? { ...detail, reps } : detail));
}

/**
 * The reps' company counts and the audit log change with every assignment; after a refusal (the rep or the
 * company gone meanwhile) the company is read again, so the screen shows what is so.
 */
async function refreshAfter(queryClient: QueryClient, companyId: string, failed: boolean) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminReps }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
    failed ? queryClient.invalidateQueries({ queryKey: queryKeys.adminCompany(companyId) }) : null,
  ]);
}

export function useAssignRep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRep,
    onSuccess: (reps, request) => showReps(queryClient, request.companyId, reps),
    onSettled: (_reps, error, request) => refreshAfter(queryClient, request.companyId, error !== null),
  });
}

export function useUnassignRep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignRep,
    onSuccess: (reps, request) => showReps(queryClient, request.companyId, reps),
    onSettled: (_reps, error, request) => refreshAfter(queryClient, request.companyId, error !== null),
  });
}
