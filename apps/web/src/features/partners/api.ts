import type { Language } from '@lombard/shared/locale';
import type { PublicPartner } from '@lombard/shared/schemas/partners';
import { queryOptions } from '@tanstack/react-query';
import { loadHttp } from '../../lib/http/lazy-client';

export function partnerQuery(slug: string, language: Language) {
  return queryOptions({
    queryKey: ['public', 'partner', slug, language],
    queryFn: async ({ signal }) =>
      (
        await (
          await loadHttp()
        ).get<PublicPartner>(`/api/v1/public/partners/${encodeURIComponent(slug)}/`, {
          signal,
          skipAuth: true,
          // An unknown partner is the 404 screen, not a toast.
          silent: [404],
        })
      ).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The partner's logo as an <img> source: an SVG in an image can never run script or load anything. */
export function logoDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Referral: the registration form reads `partner` and records it on the new account. */
export const registerWithPartner = (slug: string) => `/auth/register-account/?partner=${encodeURIComponent(slug)}`;
