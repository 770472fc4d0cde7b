// The demo customer's remedy for a margin call, ranked as she would in settings (docs/decisions/038):
// repay from cash first, then pledge the corporate bond fund before the protected bond, and sell the
// equity fund pledged to her advance last. Saved through the same service as her settings page.
import type { Queryable } from '../db/client';
import { translator } from '../lib/i18n';
import { getAccountByEmail } from '../modules/account/service';
import { rankingView, saveRanking } from '../modules/advances/service';
import { productIdsBySlug } from '../modules/products/service';

const PLEDGE_FIRST = ['corporate-bond-euro-semestrale', 'obbligazionario-euro-protetto-2031'];
const SELL_FIRST = ['azionario-globale-sostenibile'];

export async function seedDemoRemedyRanking(db: Queryable): Promise<void> {
  const customer = await getAccountByEmail(db, 'customer@demo.lombard.test');
  if (!customer) return;
  const t = translator('it');
  const view = await rankingView(db, customer.id, t);
  const ids = await productIdsBySlug(db, [...PLEDGE_FIRST, ...SELL_FIRST]);
  const keys = (slugs: string[], among: { key: string }[]) =>
    slugs.map((slug) => `position:${ids.get(slug)}`).filter((key) => among.some((line) => line.key === key));
  await saveRanking(
    db,
    customer.id,
    {
      methods: ['cash', 'pledge', 'sell'],
      pledge_order: keys(PLEDGE_FIRST, view.pledge_lines),
      sell_order: keys(SELL_FIRST, view.sell_lines),
    },
    t,
    new Date(),
  );
}
