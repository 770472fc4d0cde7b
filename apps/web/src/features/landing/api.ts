// The public site's calls: the product list (no sign-in), the contact form and the newsletter sign-up.
import type { Language } from '@lombard/shared/locale';
import type { DetailResponse, ListResponse } from '@lombard/shared/schemas/common';
import type { ContactMessageInput } from '@lombard/shared/schemas/contact';
import type { NewsletterSubscribeInput } from '@lombard/shared/schemas/newsletter';
import type { PublicProduct } from '@lombard/shared/schemas/products';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { loadHttp } from '../../lib/http/lazy-client';

export const PUBLIC_PRODUCTS_PATH = '/api/v1/public/products/';

/** Products on sale; the summary is in the request language, hence the language in the key. */
export function publicProductsQuery(language: Language) {
  return queryOptions({
    queryKey: ['public', 'products', language],
    queryFn: async ({ signal }) =>
      (
        await (
          await loadHttp()
        ).get<ListResponse<PublicProduct>>(PUBLIC_PRODUCTS_PATH, {
          params: { per_page: 25 },
          signal,
          skipAuth: true,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (payload: ContactMessageInput) =>
      // The form shows field errors itself.
      (
        await (
          await loadHttp()
        ).post<DetailResponse>('/api/v1/public/contact/', payload, { skipAuth: true, silent: [400] })
      ).data,
  });
}

export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: async (payload: NewsletterSubscribeInput) =>
      (
        await (
          await loadHttp()
        ).post<DetailResponse>('/api/v1/public/newsletter/subscriptions/', payload, {
          skipAuth: true,
          silent: [400],
        })
      ).data,
  });
}

export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: async (token: string) =>
      // An invalid or expired link is shown on the page, not as a toast.
      (
        await (
          await loadHttp()
        ).post<DetailResponse>('/api/v1/public/newsletter/confirm/', { token }, { skipAuth: true, silent: [400] })
      ).data,
  });
}
