// The demo funds' share in government bonds (demo step 10), read from what each fund invests in: the part
// of a gain the borrow-or-sell comparison taxes at 12.5 % instead of 26 %. Equity funds hold none.
import type { Queryable } from '../db/client';
import { productIdsBySlug, setGovernmentBondShare } from '../modules/products/service';

const DEMO_BOND_SHARES: Record<string, string> = {
  'obbligazionario-euro-protetto-2031': '0.6000',
  'cedola-trimestrale-europa': '0.3000',
  'monetario-euro-plus': '0.5000',
  'corporate-bond-euro-semestrale': '0.1000',
  'capitale-protetto-2029': '0.7000',
  'bilanciato-prudente-reddito': '0.4000',
  'obbligazionario-italia-2028': '1.0000',
};

export async function seedDemoBondShares(db: Queryable) {
  const ids = await productIdsBySlug(db, Object.keys(DEMO_BOND_SHARES));
  for (const [slug, share] of Object.entries(DEMO_BOND_SHARES)) {
    const id = ids.get(slug);
    if (id !== undefined) await setGovernmentBondShare(db, id, share);
  }
}
