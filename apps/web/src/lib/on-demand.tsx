// Header controls whose dropdown loads on first use. A menu or a panel needs Mantine's Menu or Popover
// and floating-ui (about 25 KB gzip together) only once it opens, yet the header shows its button on
// every page: so the button is rendered here, and the dropdown's module is fetched at the first idle
// moment after the button is hydrated (or earlier, when the pointer reaches the button or it takes the
// focus), and shown open at the first click (docs/decisions/015, 033): the first tap does not wait for
// the network.
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { lazyImport } from './lazy-import';

/** What the button gets while its dropdown is not there: the click that loads it and the preload. */
export interface TriggerProps {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

export type RenderTrigger = (props: TriggerProps) => ReactElement;

/**
 * `load` resolves to the control with its dropdown, opened on mount; it renders the button with
 * `trigger(...)`, passing what its Menu or Popover needs. Until the first click the button alone is
 * rendered, the same on the server and in the browser.
 */
export function onDemand<P extends object>(
  popup: 'menu' | 'dialog',
  load: () => Promise<ComponentType<P & { trigger: RenderTrigger }>>,
): ComponentType<P & { trigger: RenderTrigger }> {
  const Loaded = lazy(() => lazyImport(load).then((component) => ({ default: component })));
  // A failed preload is retried by the click, which shows the error the app shows for any chunk.
  const preload = () => void load().catch(() => undefined);
  const closed = { 'aria-haspopup': popup, 'aria-expanded': false } as const;

  function OnDemand(props: P & { trigger: RenderTrigger }) {
    const [requested, setRequested] = useState(false);
    useEffect(() => {
      // Safari has no requestIdleCallback: the dropdown comes a moment after the page has settled instead.
      if (typeof requestIdleCallback !== 'function') {
        const timer = setTimeout(preload, 1_000);
        return () => clearTimeout(timer);
      }
      // Kept with the request: the cleanup runs later, when the global may be another one.
      const cancel = cancelIdleCallback;
      const idle = requestIdleCallback(preload, { timeout: 2_000 });
      return () => cancel(idle);
    }, []);
    if (!requested) {
      return props.trigger({
        onClick: () => setRequested(true),
        onPointerEnter: preload,
        onFocus: preload,
        ...closed,
      });
    }
    return (
      <Suspense fallback={props.trigger(closed)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}
