import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The outbox folder (SMS and e-mails written as files) of the app the running test drives: the journeys
 * that change prices drive an app of their own, with its own folder (playwright.config.ts).
 */
export function outboxFolder(): string {
  const prices = test.info().project.name === 'prices';
  return path.join((prices ? process.env.E2E_PRICES_DATA_DIR : process.env.E2E_DATA_DIR) ?? '', 'outbox');
}
