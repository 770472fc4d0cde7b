// Whether React has taken over an element of a server-rendered page, judged from React's own marks on
// the element; used by hydrate-on-intent to know when what it held can be handed to the app.
import { isPageHydrated } from '../lib/hydration';

// A slow phone can take tens of seconds to hydrate a long page; handing over to a part React has not
// committed would lose what was held, so the wait is long.
export const HAND_OVER_LIMIT_MS = 60_000;

// Hydrated means: the page is committed (boot.tsx marks it) and React has committed the element too.
// Parts of the page inside a Suspense boundary hydrate in later passes, and React marks their elements
// with their props and fiber already while it renders them — slices apart, with the browser free in
// between — and attaches their handlers only at the commit. What is handed over before that reaches no
// handler, and the commit's effects then write the app's value back into the field. So an element counts
// as React's once its fiber has been committed, judged as React DOM judges it (getNearestMountedFiber):
// a fiber with a second copy was committed before; one without must belong to the tree the root shows.
// React's private fields, as `__reactProps$` already is, read defensively. Once React's, always: a fiber's
// links to its parents go stale in the copy React is not using, so a later look could say no.
const committedElements = new WeakSet<Element>();

export function isHydrated(element: Element): boolean {
  if (committedElements.has(element)) return true;
  if (!isPageHydrated()) return false;
  const keys = Object.keys(element);
  if (!keys.some((key) => key.startsWith('__reactProps$'))) return false;
  const fiberKey = keys.find((key) => key.startsWith('__reactFiber$'));
  if (!fiberKey) return false;
  const fiber = (element as unknown as Record<string, FiberLike | undefined>)[fiberKey];
  const committed = fiber?.alternate ? reachesRoot(fiber) : isInCommittedTree(fiber);
  if (committed) committedElements.add(element);
  return committed;
}

interface FiberLike {
  tag?: number;
  return?: FiberLike | null;
  alternate?: FiberLike | null;
  stateNode?: { current?: unknown } | null;
}

/** React's HostRoot fiber tag. */
const HOST_ROOT = 3;

function topOf(fiber: FiberLike | undefined): FiberLike | undefined {
  let node = fiber;
  for (let depth = 0; node?.return && depth < 10_000; depth++) node = node.return;
  return node;
}

const reachesRoot = (fiber: FiberLike) => topOf(fiber)?.tag === HOST_ROOT;

function isInCommittedTree(fiber: FiberLike | undefined): boolean {
  const top = topOf(fiber);
  return top?.tag === HOST_ROOT && top.stateNode?.current === top;
}

// Hydration renders in slices and commits at the end (effects then write to fields, e.g. a formatted
// amount); the main thread going idle means React has finished.
const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 1_000 })
    : setTimeout(callback, 200);

/**
 * Calls `then` once every (still connected) element is hydrated and React is done; past `deadline`,
 * anyway. `eachFrame` runs at every look.
 */
export function whenHydrated(
  elements: Array<Element | null>,
  then: () => void,
  deadline = Date.now() + HAND_OVER_LIMIT_MS,
  eachFrame?: () => void,
): void {
  eachFrame?.();
  const waiting = () => elements.filter((element) => !!element?.isConnected && !isHydrated(element));
  if (waiting().length && Date.now() < deadline) {
    requestAnimationFrame(() => whenHydrated(elements, then, deadline, eachFrame));
    return;
  }
  whenIdle(() =>
    waiting().length && Date.now() < deadline ? whenHydrated(elements, then, deadline, eachFrame) : then(),
  );
}
