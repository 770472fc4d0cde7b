// Deferred hydration (docs/decisions/006, 033). A server-rendered public page is readable and its links
// work before any script runs; the app (React, Mantine, the router: ~250 KB), or a page's islands, is
// fetched and hydrated once the page has loaded and the main thread is idle (`atIdle`), or earlier at the
// visitor's first sign of use — a pointer moving, a touch, a key, a scroll. What the visitor did before
// the app was ready is not lost: a click on a button and a form submission are held and replayed, and
// what was typed into a field is handed to the app as an input event. Links are left alone: they load
// the next server-rendered page. A cookie choice is recorded at once, by this script: a visitor often
// follows a link right after it, and a held click would be lost with the page. What was done before
// this script ran, the page's inline script held (EARLY_EVENTS_SCRIPT): it is taken over here.

import { EARLY_EVENTS_GLOBAL, REPLAYABLE_CONTROLS } from '@lombard/shared/server-rendering';
import { CONSENT_BAR_ATTRIBUTE, CONSENT_CHOICE_ATTRIBUTE, writeConsentCookie } from '../lib/consent-cookie';
import { submitsCheckedForm } from '../lib/forms/native-check';
import { CONTROLS_SELECTOR, INTERACTIVE_ATTRIBUTE, onPageHydrated } from '../lib/hydration';
import { HAND_OVER_LIMIT_MS, isHydrated, whenHydrated } from './hydrated-elements';

// Why these: each is the first thing a person does on a page, and none happens on its own at load.
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;
const REPLAYABLE = REPLAYABLE_CONTROLS;

// A native select (the contact topic) is a field too: the visitor's choice, made before hydration, is
// handed over as typing is.
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

// The events on which React hydrates the part of the page an element belongs to at once, inside the
// event, when the element is not hydrated yet (React DOM's "discrete replayable" events), and
// beforeinput, the last moment before a typed character lands in a field.
// Letting one through was what lost digits: a key pressed in the calculator made React hydrate it in the
// middle of the keydown; the commit's effects re-rendered the field with the app's value ("50.000 €")
// before the character was inserted, so the key landed after the app's value, and what was typed before
// was lost. Until the part is React's, what happens in it is this script's: held, recorded, replayed.
// Focus too: React keeps a focus that reached a part it had not hydrated and replays it once it has,
// seconds later. The amount field's handler then put the caret back in that field, taking the focus from
// the field the visitor had moved on to, and what they typed next landed in the amount.
const GUARDED_EVENTS = (
  'mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup ' +
  'dragend dragstart drop compositionend compositionstart keydown keypress keyup beforeinput input textInput ' +
  'copy cut paste click change contextmenu reset focusin focusout'
).split(' ');

/** What the page's inline script held before this one ran (EARLY_EVENTS_SCRIPT). */
export interface EarlyEvents {
  click?: Element;
  submit?: HTMLFormElement;
}

/** Stops the page's inline script from holding events, and returns what it held. */
export function takeEarlyEvents(): EarlyEvents {
  const global = window as unknown as Record<string, (EarlyEvents & { stop?: () => void }) | undefined>;
  const early = global[EARLY_EVENTS_GLOBAL];
  early?.stop?.();
  delete global[EARLY_EVENTS_GLOBAL];
  return { click: early?.click, submit: early?.submit };
}

export interface IntentOptions {
  /** The controls that must be the app's before the page counts as interactive; all of the page's by default. */
  controls?: () => Element[];
  /** Hydrate at once rather than at the first sign of use (an island coming near the screen). */
  startNow?: boolean;
  /**
   * Also hydrate once the page has loaded and the main thread is idle, without waiting for a sign of use:
   * the code is then fetched and run before the first tap rather than in answer to it (decision 033).
   */
  atIdle?: boolean;
  /** Fields in here already typed into (their value is not the server's) are handed over too. */
  typedIn?: ParentNode;
  /** Called when it stops holding what the visitor does. */
  onFinish?: () => void;
  /** Called with each control it holds something for (a click, a submission, typing): its part is needed. */
  onHold?: (control: Element) => void;
}

/** Returns what stops it listening (for tests: one page, one instance). */
export function hydrateOnIntent(
  hydrate: () => Promise<void>,
  early: EarlyEvents = {},
  {
    controls: controlsToHydrate = pageControls,
    startNow = false,
    atIdle = false,
    typedIn,
    onFinish,
    onHold,
  }: IntentOptions = {},
): () => void {
  let started = false;
  let cancelIdle = () => {};
  let pendingClick: HTMLElement | null = null;
  let pendingSubmit: HTMLFormElement | null = null;
  const typed = new Map<Field, TypedField>();
  // Anything held since the last look: replaying waits until nothing new comes in.
  let version = 0;
  const held = (control: Element) => {
    version++;
    onHold?.(control);
  };

  const holdClick = (event: Pick<MouseEvent, 'target' | 'preventDefault'>) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest<HTMLElement>(REPLAYABLE);
    if (!control || isHydrated(control)) return;
    // The browser checks that form at the click (decision 041): an invalid field is flagged at once, and a
    // valid form's submission is what is held.
    if (submitsCheckedForm(control)) return;
    if (recordConsentChoice(control)) {
      event.preventDefault();
      return;
    }
    // A submit button would post the form the old way, a checkbox would toggle outside the app's state.
    event.preventDefault();
    pendingClick = control;
    held(control);
  };
  const holdSubmit = (event: Pick<SubmitEvent, 'target' | 'preventDefault'>) => {
    if (!(event.target instanceof HTMLFormElement) || isHydrated(event.target)) return;
    event.preventDefault();
    pendingSubmit = event.target;
    held(event.target);
  };
  // What is typed into a field the app has not hydrated yet never reached it, and the app's first
  // update would overwrite it with the server's value: keep it.
  // A field already holding a typed value stays recorded until it is handed over.
  const recordTyping = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    if (isHydrated(field) && !typed.has(field)) return;
    typed.set(field, { field, value: field.value, checked: field instanceof HTMLInputElement && field.checked });
    held(field);
  };
  const handOver = (field: Field) => {
    const entry = typed.get(field);
    if (!entry) return;
    typed.delete(field);
    if (field.isConnected) replayField(entry);
  };
  // A field goes to the app as soon as the app owns it, and always before the app sees anything else
  // happen in it: by then its part may have re-rendered it with the app's value, and a key would land
  // after that value. Replayed outside React's work (this script's listeners, a frame, a microtask), so
  // the app's update is rendered before React puts the field back to the value it last rendered.
  const handOverCommitted = () => {
    for (const field of [...typed.keys()]) if (isHydrated(field)) handOver(field);
  };
  // Typed before this listened (autofill, a fast visitor): the field differs from the server's.
  const recordTypedFields = (root: ParentNode) => {
    for (const entry of snapshotTypedFields(root)) {
      if (typed.has(entry.field)) continue;
      typed.set(entry.field, entry);
      held(entry.field);
    }
  };
  const handOverTyping = () => {
    recordTypedFields(document);
    handOverCommitted();
  };
  // Runs before React's own listeners (they sit on the root element, below the document).
  const guard = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (!isHydrated(target)) event.stopPropagation();
    else if (typed.has(target as Field)) handOver(target as Field);
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  // Before the guard: an input event's value is recorded first, then handed over if the app owns the field.
  document.addEventListener('input', recordTyping, true);
  for (const type of GUARDED_EVENTS) document.addEventListener(type, guard, { capture: true, passive: true });

  // Once every element involved is hydrated (parts of the page hydrate later, when their code arrives),
  // the app gets the typed values first and the click or submission last. The guard stays until every
  // control of the page is the app's, not only those already used: a field of a part that hydrates after
  // the held click was replayed must still be guarded when the visitor types into it.
  // Past the deadline, whatever is still not React's (a part that failed to load) is given up on.
  let deadline = 0;
  const settle = () => {
    const seen = version;
    whenHydrated(
      [...typed.keys(), pendingClick, pendingSubmit],
      () => {
        if (version !== seen) return settle();
        // Fields found only now (typed before this script ran) may belong to a part still hydrating.
        const late = [...typed.keys()].some((field) => field.isConnected && !isHydrated(field));
        if (late && Date.now() < deadline) return settle();
        replayHeld();
        guardTheRest();
      },
      deadline,
      handOverCommitted,
    );
  };
  // Looks at every frame, so that a click held meanwhile (in a part that is the app's by then) is
  // replayed at once rather than when the last part of the page is hydrated.
  const guardTheRest = () => {
    const seen = version;
    // Asked at every look: an island that started meanwhile has its controls guarded too.
    const controlsWaiting = () => controlsToHydrate().some((control) => control.isConnected && !isHydrated(control));
    const look = () => {
      if (version !== seen) return settle();
      handOverCommitted();
      if (controlsWaiting() && Date.now() < deadline) return requestAnimationFrame(look);
      whenHydrated(
        [...typed.keys()],
        () => {
          if (version !== seen) return settle();
          // Asked again at the end: an island can start while React finishes (the replayed click scrolled
          // the page to it), and it would otherwise hydrate with nothing holding what is typed into it.
          const waiting = controlsWaiting();
          if (waiting && Date.now() < deadline) return look();
          finish(!waiting);
        },
        deadline,
        handOverCommitted,
      );
    };
    look();
  };
  const replayHeld = () => {
    // Fields of parts of the page that hydrated after the rest (their code came later).
    for (const entry of typed.values()) if (entry.field.isConnected) replayField(entry);
    typed.clear();
    const click = pendingClick;
    const submit = pendingSubmit;
    pendingClick = null;
    pendingSubmit = null;
    if (click?.isConnected) click.click();
    else if (submit?.isConnected) submit.requestSubmit();
  };
  const finish = (interactive: boolean) => {
    stop();
    onFinish?.();
    replayHeld();
    if (interactive) document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, 'true');
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    deadline = Date.now() + HAND_OVER_LIMIT_MS;
    if (typedIn) recordTypedFields(typedIn);
    onPageHydrated(() => queueMicrotask(handOverTyping));
    void hydrate().then(settle);
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  // The visitor acted before this script ran: take it over, and fetch the app at once. A tap on a checked
  // form's submit button, which the page's inline script held, is the browser's to judge: done now.
  if (early.click && submitsCheckedForm(early.click)) (early.click as HTMLElement).click();
  else if (early.click) holdClick({ target: early.click, preventDefault: () => {} });
  if (early.submit) holdSubmit({ target: early.submit, preventDefault: () => {} });
  if (early.click || early.submit || startNow) start();
  else if (atIdle) cancelIdle = afterLoadWhenIdle(start);
  return stop;

  function stop() {
    cancelIdle();
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    document.removeEventListener('input', recordTyping, true);
    for (const type of GUARDED_EVENTS) document.removeEventListener(type, guard, true);
  }
}

/** How long an idle moment is waited for after the load event before the code is fetched anyway. */
const IDLE_TIMEOUT_MS = 1_000;

/**
 * Calls `callback` once the page's load event has fired and the main thread is idle: after everything
 * the first view needs (the stylesheet, images, fonts), so the page's own loading is not slowed down.
 * Returns what cancels it.
 */
function afterLoadWhenIdle(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => cancelled || callback(), { timeout: IDLE_TIMEOUT_MS });
    } else setTimeout(() => cancelled || callback(), 0);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
  };
}

/** What a visitor can act on in the server's markup. */
const pageControls = () => [...(document.getElementById('root') ?? document).querySelectorAll(CONTROLS_SELECTOR)];

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** Whether a select's choice is not the one the server rendered. */
const choiceChanged = (select: HTMLSelectElement) =>
  [...select.options].some((option) => option.selected !== option.defaultSelected) &&
  // No option marked in the markup: the browser shows the first, which is then no change.
  (select.querySelector('option[selected]') !== null || select.selectedIndex !== 0);

interface TypedField {
  field: Field;
  value: string;
  checked: boolean;
}

/** Fields the visitor changed before the app arrived: their value differs from the server's. */
export function snapshotTypedFields(root: ParentNode = document): TypedField[] {
  const typed: TypedField[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      if (choiceChanged(field)) typed.push({ field, value: field.value, checked: false });
      continue;
    }
    const toggle = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    const changed = toggle ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    if (changed) typed.push({ field, value: field.value, checked: toggle && field.checked });
  }
  return typed;
}

/**
 * A click on the cookie bar's choice, before the app can take it: the cookie is written and the bar
 * hidden at once, so a link followed next finds the choice made. The app reads the cookie when it
 * starts. Returns whether the click was such a choice.
 */
function recordConsentChoice(control: HTMLElement): boolean {
  const choice = control.getAttribute(CONSENT_CHOICE_ATTRIBUTE);
  if (choice !== 'all' && choice !== 'required') return false;
  const everything = choice === 'all';
  writeConsentCookie({ functional: everything, analytics: everything });
  const bar = control.closest<HTMLElement>(`[${CONSENT_BAR_ATTRIBUTE}]`);
  if (bar) bar.style.display = 'none';
  return true;
}

/** A typed value becomes an input event; a toggled checkbox or radio is clicked; a choice, a change event. */
function replayField({ field, value, checked }: TypedField): void {
  if (field instanceof HTMLSelectElement) {
    // React hears a select's change event whatever its value was (no tracker, unlike a typed field).
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
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
