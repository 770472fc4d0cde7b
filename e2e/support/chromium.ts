import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The browser for the tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then one that Playwright
 * installed. Browser downloads are not possible everywhere, so say how to get one when none is found.
 */
export function chromiumExecutable(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // fall through to the message below
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one: `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
      'or set CHROMIUM_PATH to a Chrome/Chromium binary, or run `npx playwright install chromium`.',
  );
}
