// A form's first check answered by the browser, not by the app (docs/decisions/041): the fields carry
// their native constraints (`required`, `type="email"`), the browser judges them when Subscribe is
// tapped, and this listener, part of the first-view script, shows the translated message the server
// rendered beside the field, marks it invalid and moves the focus to the first one. Nothing of React
// runs at the tap, before hydration or after it, so the field is flagged in the frame after the tap even
// on a slow phone. The browser's own bubble is suppressed: it speaks the browser's language, not the
// page's, and is not part of the page's accessibility tree. What the constraints cannot say (the shared
// schema's stricter address rule, the server's answer) is the app's, once the browser let the form submit.

/** On a <form>: its constraints are judged by the browser and flagged by this listener. */
export const NATIVE_CHECK_ATTRIBUTE = 'data-native-check';
/** On a message: the id of the field it speaks of, and (CHECK_KIND_ATTRIBUTE) the failure it names. */
export const CHECK_FOR_ATTRIBUTE = 'data-check-for';
export const CHECK_KIND_ATTRIBUTE = 'data-check';
/** Set by this listener alone (never rendered by React) on the message shown. */
export const CHECK_SHOWN_ATTRIBUTE = 'data-check-shown';

/** The failures a message can name, in the order they are judged (ValidityState's names). */
export const CHECK_KINDS = ['valueMissing', 'typeMismatch', 'tooShort', 'tooLong', 'patternMismatch'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

type Checked = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isChecked = (target: EventTarget | null): target is Checked =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

const inCheckedForm = (field: Checked) => !!field.form?.hasAttribute(NATIVE_CHECK_ATTRIBUTE);

/** Whether a click on `control` submits a form the browser checks: it must reach the browser, not be held. */
export function submitsCheckedForm(control: Element): boolean {
  const submitter =
    (control instanceof HTMLButtonElement && control.type === 'submit') ||
    (control instanceof HTMLInputElement && control.type === 'submit');
  return submitter && !!(control as HTMLButtonElement).form?.hasAttribute(NATIVE_CHECK_ATTRIBUTE);
}

const messagesOf = (field: Checked) =>
  field.id
    ? [...(field.form ?? document).querySelectorAll<HTMLElement>(`[${CHECK_FOR_ATTRIBUTE}="${CSS.escape(field.id)}"]`)]
    : [];

const describedBy = (field: Checked) => (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);

/** Shows the message for the field's first failure (or none), and marks the field accordingly. */
function flag(field: Checked, kind: CheckKind | null): void {
  const ids = describedBy(field);
  let shownId: string | null = null;
  for (const message of messagesOf(field)) {
    const shown = message.getAttribute(CHECK_KIND_ATTRIBUTE) === kind;
    message.toggleAttribute(CHECK_SHOWN_ATTRIBUTE, shown);
    if (shown) shownId = message.id;
    // A message no longer shown no longer describes the field.
    else if (ids.includes(message.id)) ids.splice(ids.indexOf(message.id), 1);
  }
  if (shownId && !ids.includes(shownId)) ids.push(shownId);
  if (ids.length) field.setAttribute('aria-describedby', ids.join(' '));
  else field.removeAttribute('aria-describedby');
  if (kind) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
}

const firstFailure = (field: Checked): CheckKind | null =>
  field.validity.valid ? null : (CHECK_KINDS.find((kind) => field.validity[kind]) ?? 'valueMissing');

function onInvalid(event: Event): void {
  const field = event.target;
  if (!isChecked(field) || !inCheckedForm(field)) return;
  event.preventDefault();
  flag(field, firstFailure(field));
  // The first of the form's invalid fields (the events come in the form's order) takes the focus.
  const first = [...(field.form?.elements ?? [])].find(
    (element): element is Checked => isChecked(element) && element.willValidate && !element.validity.valid,
  );
  if (first === field && document.activeElement !== field) field.focus();
}

/** Typing clears the flag, as the app's forms clear an error on change; the next submission judges again. */
function onEdit(event: Event): void {
  const field = event.target;
  if (!isChecked(field) || !inCheckedForm(field)) return;
  if (!messagesOf(field).some((message) => message.hasAttribute(CHECK_SHOWN_ATTRIBUTE))) return;
  flag(field, null);
}

/** Listens on the whole document, once: forms rendered later (the app's pages) are covered too. */
export function listenForNativeChecks(root: Document = document): () => void {
  root.addEventListener('invalid', onInvalid, true);
  root.addEventListener('input', onEdit, true);
  root.addEventListener('change', onEdit, true);
  return () => {
    root.removeEventListener('invalid', onInvalid, true);
    root.removeEventListener('input', onEdit, true);
    root.removeEventListener('change', onEdit, true);
  };
}
