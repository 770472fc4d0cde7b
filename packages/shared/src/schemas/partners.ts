import { z } from 'zod';
import { text } from './text';

export const partnerTranslationSchema = z.object({ headline: z.string(), offer: z.string() });

/** A partner company's landing page data (/l/{partner}). GET /api/v1/public/partners/{slug}/. */
export const publicPartnerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The logo as an SVG document, shown through an <img> data: URL so that it can never run script. */
  logo_svg: z.string(),
  brand_color: z.string(),
  /** Loan-to-value granted on the partner's stock units, as a fraction, e.g. "0.5000". */
  loan_to_value: z.string(),
  /** In the request's language. */
  headline: z.string(),
  offer: z.string(),
  translated_content: z.record(z.string(), partnerTranslationSchema),
});
export type PublicPartner = z.infer<typeof publicPartnerSchema>;

export const partnerParamsSchema = z.object({ slug: text().min(1).max(100) });
