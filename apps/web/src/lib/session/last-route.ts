// The app keeps the last route of the customer area for later use (sessionStorage: per tab,
// gone when the tab closes).
const KEY = 'lombard_last_route';

export function rememberRoute(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage disabled (private mode, quota): the route is simply not remembered.
  }
}

export function lastRoute(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
