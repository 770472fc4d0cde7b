// The browser's own check of a form, flagged by the first-view script at the tap (decision 041).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenForNativeChecks, submitsCheckedForm } from './native-check';

function page(checked = true) {
  document.body.innerHTML = `
    <form ${checked ? 'data-native-check' : ''}>
      <input id="email" type="email" required>
      <p id="email-valueMissing" class="check-message" data-check-for="email" data-check="valueMissing">Valore obbligatorio.</p>
      <p id="email-typeMismatch" class="check-message" data-check-for="email" data-check="typeMismatch">Indirizzo non valido.</p>
      <input id="name" required aria-describedby="name-hint"><span id="name-hint">Hint</span>
      <p id="name-valueMissing" data-check-for="name" data-check="valueMissing">Nome obbligatorio.</p>
      <button type="submit">Iscriviti</button>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  const email = document.getElementById('email') as HTMLInputElement;
  const name = document.getElementById('name') as HTMLInputElement;
  return { form, email, name, button: document.querySelector('button') as HTMLButtonElement };
}

const shown = () => [...document.querySelectorAll('[data-check-shown]')].map((message) => message.textContent);

describe('native check', () => {
  let stop = () => {};
  beforeEach(() => {
    stop = listenForNativeChecks();
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('flags each empty field with its message, describes it by it, and focuses the first', () => {
    const { form, email, name } = page();
    let submitted = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = true;
    });
    form.requestSubmit();
    expect(submitted).toBe(false);
    expect(shown()).toEqual(['Valore obbligatorio.', 'Nome obbligatorio.']);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('email-valueMissing');
    expect(name.getAttribute('aria-describedby')).toBe('name-hint name-valueMissing');
    expect(document.activeElement).toBe(email);
  });

  it('names the failure the browser found, and clears the flag when the field is edited', () => {
    const { form, email, name } = page();
    email.value = 'not-an-address';
    name.value = 'Anna';
    form.requestSubmit();
    expect(shown()).toEqual(['Indirizzo non valido.']);
    expect(email.getAttribute('aria-describedby')).toBe('email-typeMismatch');
    email.value = 'anna@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    expect(shown()).toEqual([]);
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(name.getAttribute('aria-describedby')).toBe('name-hint');
  });

  it('leaves the forms that do not ask for it to their own handlers', () => {
    const { email, button } = page(false);
    email.checkValidity();
    expect(shown()).toEqual([]);
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(submitsCheckedForm(button)).toBe(false);
  });

  it('tells a checked form’s submit button from other controls', () => {
    const { email, button } = page();
    expect(submitsCheckedForm(button)).toBe(true);
    expect(submitsCheckedForm(email)).toBe(false);
  });
});
