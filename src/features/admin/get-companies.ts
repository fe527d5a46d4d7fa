// GET /api/admin/companies and /api/admin/companies/{id} (admins): the Companies page's list and one company.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ADMIN_COMPANIES_PAGE_SIZE, AdminCompanyDetailSchema, AdminCompanyPageSchema } from '../../contract/company-admin';
import type { CompanyStatus } from '../../contract/dealer-company';

export interface CompaniesQuery {
  page: number;
  status: CompanyStatus | null;
  search: string;
}

export function getCompanyPage(query: CompaniesQuery, signal?: AbortSignal) {
  const search = query.search.trim();
  return apiRequest('/admin/companies', {
    auth: true,
    schema: AdminCompanyPageSchema,
    signal,
    query: { page: query.page, pageSize: ADMIN_COMPANIES_PAGE_SIZE, status: query.status ?? undefined, search: search ? search : undefined },
  });
}

export const companyPageQueryOptions = (query: CompaniesQuery) =>
  queryOptions({
    queryKey: queryKeys.adminCompanyPage({ page: query.page, status: query.status ?? '', search: query.search.trim() }),
    queryFn: ({ signal }) => getCompanyPage(query, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useCompanyPage(query: CompaniesQuery) {
  return useQuery(companyPageQueryOptions(query));
}

export function getCompanyDetail(id: string, signal?: AbortSignal) {
  return apiRequest(`/admin/companies/${encodeURIComponent(id)}`, { auth: true, schema: AdminCompanyDetailSchema, signal });
}

export function useCompanyDetail(id: string) {
  return useQuery({ queryKey: queryKeys.adminCompany(id), queryFn: ({ signal }) => getCompanyDetail(id, signal), staleTime: 0 });
}
