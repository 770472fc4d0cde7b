import type { Queryable } from '../db/client';
import { menuItems } from '../db/schema/menus';

// Menu entries per profile: base sees Fund and Profile; lead adds home, portfolio, transactions,
// documents; customer and admin add cash and advance; admin also the back-office.
const ENTRIES = {
  home: { path: '/customer/home/', icon: 'home', it: 'Home', en: 'Home' },
  wallet: { path: '/customer/wallet/', icon: 'wallet', it: 'Portafoglio', en: 'Portfolio' },
  product: { path: '/customer/product/', icon: 'chart-pie', it: 'Fondi', en: 'Funds' },
  transaction: { path: '/customer/transaction/', icon: 'arrows-exchange', it: 'Movimenti', en: 'Transactions' },
  document: { path: '/customer/document/', icon: 'file-text', it: 'Documenti', en: 'Documents' },
  cash: { path: '/customer/cash/', icon: 'cash', it: 'Liquidità', en: 'Cash' },
  loan: { path: '/customer/loan/', icon: 'coin-euro', it: 'Anticipo', en: 'Advance' },
  profile: { path: '/customer/profile/', icon: 'user', it: 'Profilo', en: 'Profile' },
  backoffice: { path: '/customer/backoffice/', icon: 'building-bank', it: 'Back-office', en: 'Back-office' },
} as const;

type Key = keyof typeof ENTRIES;

const MENUS: Record<string, Key[]> = {
  base: ['product', 'profile'],
  lead: ['home', 'wallet', 'product', 'transaction', 'document', 'profile'],
  customer: ['home', 'wallet', 'product', 'transaction', 'document', 'cash', 'loan', 'profile'],
  admin: ['home', 'wallet', 'product', 'transaction', 'document', 'cash', 'loan', 'profile', 'backoffice'],
};

export async function seedMenus(db: Queryable) {
  const rows = Object.entries(MENUS).flatMap(([profile, keys]) =>
    keys.map((key, position) => ({
      profile,
      key,
      path: ENTRIES[key].path,
      icon: ENTRIES[key].icon,
      position,
      labelIt: ENTRIES[key].it,
      labelEn: ENTRIES[key].en,
    })),
  );
  await db.insert(menuItems).values(rows).onConflictDoNothing();
}
