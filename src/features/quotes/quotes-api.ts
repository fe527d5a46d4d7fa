// The quotes API (docs/decisions/058-quotes.md), one function per request (a request for a quote goes through
// the outbox: requestQuoteOrQueue), and the queries both Quotes screens
// read: the dealer's (its company's quotes) and the shop's (every quote for an admin, its companies' for a rep).
// The server decides who sees and may do what; a change invalidates every quote and order list.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PlacedOrderSchema } from '../../contract/order';
import { QuoteSchema, QuotesAnswerSchema, type QuoteAcceptBody, type QuoteAnswerBody, type QuoteStatus } from '../../contract/quote';

const path = (id: string, action = '') => `/quotes/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function getQuotes(status?: QuoteStatus) {
  return apiRequest(status ? `/quotes?status=${status}` : '/quotes', { auth: true, schema: QuotesAnswerSchema });
}

export function getQuote(id: string) {
  return apiRequest(path(id), { auth: true, schema: QuoteSchema });
}

export const answerQuote = (id: string, body: QuoteAnswerBody) => apiRequest(path(id, 'answer'), { method: 'POST', auth: true, body, schema: QuoteSchema });
export const postQuoteMessage = (id: string, body: string) =>
  apiRequest(path(id, 'messages'), { method: 'POST', auth: true, body: { body }, schema: QuoteSchema });
export const declineQuote = (id: string, message: string) =>
  apiRequest(path(id, 'decline'), { method: 'POST', auth: true, body: { message }, schema: QuoteSchema });
export const askAgain = (id: string, message: string) =>
  apiRequest(path(id, 'ask-again'), { method: 'POST', auth: true, body: { message }, schema: QuoteSchema });
/** Places the order at the quoted prices: answered as POST /api/orders is (Unpaid to pay by card, or on account). */
export const acceptQuote = (id: string, body: QuoteAcceptBody) =>
  apiRequest(path(id, 'accept'), { method: 'POST', auth: true, body, schema: PlacedOrderSchema });

export const quotesQueryOptions = (status?: QuoteStatus) =>
  queryOptions({ queryKey: [...queryKeys.quotes, 'list', status ?? 'all'], queryFn: () => getQuotes(status), staleTime: 15_000 });
export const quoteQueryOptions = (id: string) => queryOptions({ queryKey: [...queryKeys.quotes, 'one', id], queryFn: () => getQuote(id), staleTime: 15_000 });

/** The caller's quotes, asked again on every visit and every minute: the other side answers while the page is open. */
export function useQuotes(status?: QuoteStatus) {
  return useQuery({ ...quotesQueryOptions(status), refetchOnMount: 'always', refetchInterval: 60_000 });
}

export function useQuote(id: string | null) {
  return useQuery({ ...quoteQueryOptions(id ?? ''), enabled: id !== null, refetchOnMount: 'always', refetchInterval: 60_000 });
}

/** Any change to a quote: every quote list and the quote itself are read again, and so are the orders (an acceptance places one). */
export function useQuoteChange<TArgs, TResult>(change: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.quotes }), queryClient.invalidateQueries({ queryKey: queryKeys.orders })]),
  });
}
