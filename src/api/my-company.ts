// GET /api/company: the signed-in dealer's company, its locations and (for its company admin) its members. One
// query for every screen that reads it (My Company, the order forms' delivery locations), so they share one
// answer under one key.

import { queryOptions } from '@tanstack/react-query';
import { MyCompanySchema } from '../contract/dealer-company';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myCompany, queryFn: () => apiRequest('/company', { auth: true, schema: MyCompanySchema }), staleTime: 60_000 });
