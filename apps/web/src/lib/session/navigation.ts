// Navigation from outside React (the HTTP layer ending a session). The app registers the router's
// navigate at start-up; until then, or in tests, a full page load does the job.
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function registerNavigator(navigate: (to: string) => void): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  navigator(to);
}

export const LOGIN_PATH = '/auth/login/';
/** The default authenticated landing route is the product list. */
export const DEFAULT_AUTHENTICATED_PATH = '/customer/product/';
/** The customer area's home route, where users lacking a route's profile are sent. */
export const CUSTOMER_HOME_PATH = '/customer/home/';
export const LANDING_HOME_PATH = '/home/';
export const LOGOUT_PATH = '/auth/logout/';
export const PROFILE_PATH = '/customer/profile/';

/** `/auth/login/?redirect=<path>` for a path the user should come back to after signing in. */
export function loginPathFor(redirect: string | null | undefined): string {
  if (!redirect || redirect.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The `redirect` query of the login page, accepted only when it is a path of this site: an absolute or
 * protocol-relative URL would turn the login page into an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_AUTHENTICATED_PATH;
  }
  if (value.startsWith('/auth/')) return DEFAULT_AUTHENTICATED_PATH;
  return value;
}
