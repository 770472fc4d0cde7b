// The public site's destinations, in one place for the navbar, the drawer and the footer.
export const LANDING_PATHS = {
  home: '/home/',
  whyUs: '/why-us/',
  aboutUs: '/about-us/',
  support: '/support/',
  contact: '/contact/',
  products: '/products/',
  investmentOpportunity: '/investment-opportunity/',
  terms: '/terms/',
  privacyPolicy: '/privacy-policy/',
  cookiePolicy: '/cookie-policy/',
  newsletter: '/newsletter/',
  login: '/auth/login/',
  register: '/auth/register-account/',
} as const;

/** Navbar order: Home, Why us, About us, Support; Contact follows as a button. */
export const NAV_LINKS = [
  { key: 'home', to: LANDING_PATHS.home },
  { key: 'whyUs', to: LANDING_PATHS.whyUs },
  { key: 'aboutUs', to: LANDING_PATHS.aboutUs },
  { key: 'support', to: LANDING_PATHS.support },
] as const;

/** Footer links, shown in columns of FOOTER_LINKS_PER_COLUMN. */
export const FOOTER_LINKS = [
  { key: 'whyUs', to: LANDING_PATHS.whyUs },
  { key: 'contact', to: LANDING_PATHS.contact },
  { key: 'support', to: LANDING_PATHS.support },
  { key: 'terms', to: LANDING_PATHS.terms },
  { key: 'privacyPolicy', to: LANDING_PATHS.privacyPolicy },
  { key: 'cookiePolicy', to: LANDING_PATHS.cookiePolicy },
] as const;

/** The pledge document in a language (served by the API as an attachment). */
export const pledgeDocumentUrl = (language: string) => `/api/v1/public/pledge-document/?language=${language}`;

/** Mantine's `lg`: the "large screen" from which the navbar shows its links in line. */
export const LARGE_SCREEN_QUERY = '(min-width: 75em)';

/** The mobile navigation drawer, which the Menu button controls. */
export const DRAWER_ID = 'site-navigation-drawer';
