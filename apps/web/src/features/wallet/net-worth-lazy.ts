// Net worth with the advance as a debt, in its own chunk: the home (which the app hands it to) and the
// portfolio render it once the page is there, never waiting for its chart's code.
import { lazyComponent } from '../../lib/lazy-component';

export const NetWorthCard = lazyComponent(
  'net-worth-card',
  async () => (await import('./net-worth-card')).NetWorthCard,
);
