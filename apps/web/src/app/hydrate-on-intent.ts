// Deferred hydration (docs/decisions/006). A server-rendered public page is readable and its links work
// before any script runs; the app (React, Mantine, the router: ~280 KB) is fetched and hydrated at the
// visitor's first sign of use — a pointer moving, a touch, a key, a scroll. What the visitor did before
// the app was ready is not lost: a click on a button and a form submission are held and replayed, and
// what was typed into a field is handed to the app as an input event. Links are left alone: they load
// the next server-rendered page.

// Why these: each is the first thing a person does on a page, and none happens on its own at load.
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;
const REPLAYABLE = 'button, [role="button"], input[type="checkbox"], input[type="radio"], label, summary';

type Field = HTMLInputElement | HTMLTextAreaElement;

export function hydrateOnIntent(hydrate: () => Promise<void>): void {
  let started = false;
  let pendingClick: HTMLElement | null = null;
  let pendingSubmit: HTMLFormElement | null = null;
  const typed = new Map<Field, TypedField>();
  // Anything held since the last look: replaying waits until nothing new comes in.
  let version = 0;

  const holdClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest<HTMLElement>(REPLAYABLE);
    if (!control || isHydrated(control)) return;
    // A submit button would post the form the old way, a checkbox would toggle outside the app's state.
    event.preventDefault();
    pendingClick = control;
    version++;
  };
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || isHydrated(event.target)) return;
    event.preventDefault();
    pendingSubmit = event.target;
    version++;
  };
  // What is typed into a field the app has not hydrated yet would be overwritten by it: keep it.
  const recordTyping = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || isHydrated(field)) return;
    typed.set(field, { field, value: field.value, checked: field instanceof HTMLInputElement && field.checked });
    version++;
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', recordTyping, true);

  // Once every element involved is hydrated (parts of the page hydrate later, when their code arrives),
  // the app gets the typed values first and the click or submission last.
  const settle = () => {
    const seen = version;
    whenHydrated([...typed.keys(), pendingClick, pendingSubmit], () => {
      if (version !== seen) return settle();
      document.removeEventListener('click', holdClick, true);
      document.removeEventListener('submit', holdSubmit, true);
      document.removeEventListener('input', recordTyping, true);
      for (const entry of typed.values()) if (entry.field.isConnected) replayField(entry);
      if (pendingClick?.isConnected) pendingClick.click();
      else if (pendingSubmit?.isConnected) pendingSubmit.requestSubmit();
    });
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    void hydrate().then(() => {
      // Typed before this script ran (autofill, a fast visitor): the field differs from the server's.
      for (const entry of snapshotTypedFields()) if (!typed.has(entry.field)) typed.set(entry.field, entry);
      settle();
    });
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
}

interface TypedField {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  checked: boolean;
}

/** Fields the visitor changed before the app arrived: their value differs from the server's. */
export function snapshotTypedFields(root: ParentNode = document): TypedField[] {
  const typed: TypedField[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const toggle = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    const changed = toggle ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    if (changed) typed.push({ field, value: field.value, checked: toggle && field.checked });
  }
  return typed;
}

// React marks the elements it has hydrated with its props (an expando it has kept across versions).
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

// Hydration renders in slices and commits at the end (effects then write to fields, e.g. a formatted
// amount); the main thread going idle means React has finished.
const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 1_000 })
    : setTimeout(callback, 200);

/** Calls `then` once every (still connected) element is hydrated and React is done; after 20 s, anyway. */
export function whenHydrated(elements: Array<Element | null>, then: () => void, deadline = Date.now() + 20_000): void {
  const waiting = () => elements.filter((element) => !!element?.isConnected && !isHydrated(element));
  if (waiting().length && Date.now() < deadline) {
    requestAnimationFrame(() => whenHydrated(elements, then, deadline));
    return;
  }
  whenIdle(() => (waiting().length && Date.now() < deadline ? whenHydrated(elements, then, deadline) : then()));
}

/** A typed value becomes an input event; a toggled checkbox or radio is clicked. */
function replayField({ field, value, checked }: TypedField): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  // Through the element's own setter (which React observes) to the value it rendered, then through the
  // prototype's (which it does not) to the typed one: the input event is then a change to React.
  field.value = field.defaultValue === value ? '' : field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
