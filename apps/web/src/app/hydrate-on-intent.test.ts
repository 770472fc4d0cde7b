// What a visitor does before the app has hydrated a server-rendered page is not lost (decision 006).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateOnIntent } from './hydrate-on-intent';

const REACT_PROPS = '__reactProps$test';

/** Stands in for React: marks the elements hydrated and wires the handlers the app would have. */
function fakeHydration(handlers: { onClick?: () => void; onInput?: (value: string) => void; onSubmit?: () => void }) {
  return vi.fn(async () => {
    // Like hydrateRoot: the work happens after the call returns.
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const element of document.querySelectorAll('button, input, form')) {
      Object.assign(element, { [REACT_PROPS]: {} });
    }
    document.querySelector('button')?.addEventListener('click', () => handlers.onClick?.());
    const input = document.querySelector('input');
    input?.addEventListener('input', () => handlers.onInput?.(input.value));
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      handlers.onSubmit?.();
    });
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hydration on intent', () => {
  it('waits for a first sign of use before fetching the app', async () => {
    document.body.innerHTML = '<button type="button">Menu</button>';
    const hydrate = fakeHydration({});
    hydrateOnIntent(hydrate);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hydrate).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('scroll'));
    expect(hydrate).toHaveBeenCalledTimes(1);
    await hydrate.mock.results[0]?.value;
  });

  it('holds a click on a button and replays it once the app is there; links navigate as usual', async () => {
    document.body.innerHTML = '<a href="#next">Next</a><button type="button">Menu</button>';
    const onClick = vi.fn();
    hydrateOnIntent(fakeHydration({ onClick }));
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    window.dispatchEvent(new Event('pointerdown'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
  });

  it('hands what was typed to the app before the submission it was typed for', async () => {
    document.body.innerHTML = '<form><input name="email" value="" /><button type="submit">Sign up</button></form>';
    const events: string[] = [];
    hydrateOnIntent(
      fakeHydration({ onInput: (value) => events.push(`input:${value}`), onSubmit: () => events.push('submit') }),
    );
    const input = document.querySelector('input') as HTMLInputElement;
    input.dispatchEvent(new Event('focusin', { bubbles: true }));
    window.dispatchEvent(new Event('focusin'));
    input.value = 'reader@example.com';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    (document.querySelector('form') as HTMLFormElement).dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(events).toEqual(['input:reader@example.com', 'submit']));
  });
});
