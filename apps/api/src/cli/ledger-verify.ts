// npm run ledger:verify — checks the configured database's ledger (every entry balances, balances equal
// their lines, no customer below zero, orders, pledges, reserved cash and advances agree with the ledger),
// prints the report and exits 1 when a check fails. Reads only; safe to run against production at any time.
import { DEFAULT_LANGUAGE } from '@lombard/shared/locale';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { translator } from '../lib/i18n';
import { verifyBooks } from '../modules/advances/service';

async function main(): Promise<number> {
  const config = loadConfig();
  const t = translator(DEFAULT_LANGUAGE);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await verifyBooks(handle.db, new Date());
    console.info(t('transactions:ledger.counts', { entries: report.entries, accounts: report.accounts }));
    for (const check of report.checks) {
      const result = t(check.ok ? 'transactions:ledger.pass' : 'transactions:ledger.fail');
      console.info(t('transactions:ledger.check', { name: check.name, result }));
      for (const problem of check.problems) console.info(`  - ${problem}`);
    }
    console.info(t(report.ok ? 'transactions:ledger.ok' : 'transactions:ledger.failed'));
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
