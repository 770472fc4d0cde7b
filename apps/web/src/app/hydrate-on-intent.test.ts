// What a visitor does before the app has hydrated a server-rendered page is not lost (decision 006).
import { EARLY_EVENTS_SCRIPT } from '@lombard/shared/server-rendering';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPageHydrated } from '../lib/hydration';
import { hydrateOnIntent, takeEarlyEvents } from './hydrate-on-intent';

const REACT_PROPS = '__reactProps$test';
const REACT_FIBER = '__reactFiber$test';

/** A React root as hydrate-on-intent reads it: an element is React's once its fiber's root is current. */
function fakeRoot() {
  const root: { tag: number; return: null; stateNode: { current: unknown } } = {
    tag: 3,
    return: null,
    stateNode: { current: null },
  };
  return {
    /** React renders the element: props and a fiber in the tree being built. */
    render: (element: Element) =>
      Object.assign(element, { [REACT_PROPS]: {}, [REACT_FIBER]: { tag: 5, return: root } }),
    /** The commit: the tree being built becomes the one the root shows. */
    commit: () => {
      root.stateNode.current = root;
    },
  };
}

/** Stands in for React: marks the elements hydrated and wires the handlers the app would have. */
function fakeHydration(handlers: { onClick?: () => void; onInput?: (value: string) => void; onSubmit?: () => void }) {
  return vi.fn(async () => {
    // Like hydrateRoot: the work happens after the call returns.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const root = fakeRoot();
    for (const element of document.querySelectorAll('button, input, select, form')) root.render(element);
    root.commit();
    document.querySelector('button')?.addEventListener('click', () => handlers.onClick?.());
    const input = document.querySelector('input');
    input?.addEventListener('input', () => handlers.onInput?.(input.value));
    // The commit: from here on the handlers are the app's.
    markPageHydrated();
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      handlers.onSubmit?.();
    });
  });
}

const stops: Array<() => void> = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-hydrated');
  document.documentElement.removeAttribute('data-interactive');
});

describe('hydration on intent', () => {
  it('waits for a first sign of use before fetching the app', async () => {
    document.body.innerHTML = '<button type="button">Menu</button>';
    const hydrate = fakeHydration({});
    stops.push(hydrateOnIntent(hydrate));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hydrate).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('scroll'));
    expect(hydrate).toHaveBeenCalledTimes(1);
    await hydrate.mock.results[0]?.value;
  });

  it('with atIdle, fetches the app once the page has loaded and the main thread is idle, with no sign of use', async () => {
    document.body.innerHTML = '<button type="button">Menu</button>';
    const hydrate = fakeHydration({});
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      stops.push(hydrateOnIntent(hydrate, {}, { atIdle: true }));
      expect(hydrate).not.toHaveBeenCalled();
      for (const callback of idle.splice(0)) callback();
      expect(hydrate).toHaveBeenCalledTimes(1);
      await hydrate.mock.results[0]?.value;
      // A sign of use afterwards does not fetch it again.
      window.dispatchEvent(new Event('pointermove'));
      expect(hydrate).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('holds a click on a button and replays it once the app is there; links navigate as usual', async () => {
    document.body.innerHTML = '<a href="#next">Next</a><button type="button">Menu</button>';
    const onClick = vi.fn();
    stops.push(hydrateOnIntent(fakeHydration({ onClick })));
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
    stops.push(
      hydrateOnIntent(
        fakeHydration({ onInput: (value) => events.push(`input:${value}`), onSubmit: () => events.push('submit') }),
      ),
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

  it('lets a checked form’s submit button reach the browser, which judges the form, and holds its submission', async () => {
    document.body.innerHTML =
      '<form data-native-check><input name="email" type="email" required /><button type="submit">Iscriviti</button></form>';
    const onSubmit = vi.fn();
    stops.push(hydrateOnIntent(fakeHydration({ onSubmit })));
    const button = document.querySelector('button') as HTMLButtonElement;
    const invalid = vi.fn();
    document.querySelector('input')?.addEventListener('invalid', invalid);
    window.dispatchEvent(new Event('pointerdown'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    // Not held: the browser checked the empty field (and did not submit).
    expect(click.defaultPrevented).toBe(false);
    expect(invalid).toHaveBeenCalledTimes(1);
    (document.querySelector('input') as HTMLInputElement).value = 'reader@example.com';
    button.click();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('hands a choice made in a select before hydration to the app as a change', async () => {
    document.body.innerHTML =
      '<form><select name="topic"><option value="" selected disabled>Scegli</option><option value="loan">Prestito</option></select></form>';
    const select = document.querySelector('select') as HTMLSelectElement;
    const changes: string[] = [];
    const hydrate = fakeHydration({});
    stops.push(
      hydrateOnIntent(async () => {
        // Like React hydrating a select: its options put back to the rendered value, and its onChange.
        select.value = '';
        select.addEventListener('change', () => changes.push(select.value));
        await hydrate();
      }),
    );
    select.value = 'loan';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(changes).toEqual(['loan']));
    expect(select.value).toBe('loan');
  });

  it('keeps the keys pressed while the app was taking over the field', async () => {
    document.body.innerHTML = '<input name="amount" value="" />';
    const values: string[] = [];
    stops.push(hydrateOnIntent(fakeHydration({ onInput: (value) => values.push(value) })));
    const input = document.querySelector('input') as HTMLInputElement;
    window.dispatchEvent(new Event('keydown'));
    input.value = '1';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The app is there; the held value is not handed over yet (that waits for the page to settle).
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-hydrated')).toBe('true'));
    input.value = '12';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(input.value).toBe('12');
    expect(values.at(-1)).toBe('12');
  });

  it('keeps the keys pressed while a part of the page that hydrates later is being taken over', async () => {
    document.body.innerHTML = '<input name="amount" value="" />';
    const input = document.querySelector('input') as HTMLInputElement;
    const values: string[] = [];
    let renderPart = () => {};
    let commitPart = () => {};
    const hydrate = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      // The page commits, but the calculator's code has not arrived: its field is not React's yet.
      markPageHydrated();
      // Later, React renders the part (the field gets its props) and only then commits its handlers.
      const part = fakeRoot();
      renderPart = () => part.render(input);
      commitPart = () => {
        part.commit();
        input.addEventListener('input', () => values.push(input.value));
      };
    });
    stops.push(hydrateOnIntent(hydrate));
    window.dispatchEvent(new Event('keydown'));
    input.value = '1';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-hydrated')).toBe('true'));
    renderPart();
    // Typed between the part's render and its commit: no handler of the app saw it.
    input.value = '12345';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    commitPart();
    await vi.waitFor(() => expect(values.at(-1)).toBe('12345'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(input.value).toBe('12345');
    expect(values.at(-1)).toBe('12345');
  });

  it("waits for a later part's commit, however long its render takes, before handing typed keys over", async () => {
    document.body.innerHTML = '<input name="amount" value="50.000" />';
    const input = document.querySelector('input') as HTMLInputElement;
    const values: string[] = [];
    const part = fakeRoot();
    const hydrate = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      markPageHydrated();
    });
    stops.push(hydrateOnIntent(hydrate));
    window.dispatchEvent(new Event('keydown'));
    input.value = '12';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-hydrated')).toBe('true'));
    // React renders the part in slices; the browser goes idle in between, well past any idle timeout.
    part.render(input);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(values).toEqual([]);
    part.commit();
    input.addEventListener('input', () => values.push(input.value));
    await vi.waitFor(() => expect(values.at(-1)).toBe('12'));
  });

  it('keeps the digits typed while the app takes over a part of the page in the middle of a keystroke', async () => {
    document.body.innerHTML = '<div id="root"><input name="amount" value="50.000 €" /></div>';
    const input = document.querySelector('input') as HTMLInputElement;
    const values: string[] = [];
    let appValue = '50.000 €';
    const part = fakeRoot();
    let partHydrated = false;
    // The part's commit: the handlers are the app's, and its effects re-render the field with the app's value.
    const hydratePart = () => {
      partHydrated = true;
      part.render(input);
      part.commit();
      input.addEventListener('input', () => {
        appValue = input.value;
        values.push(input.value);
      });
      input.value = appValue;
    };
    // React's listener on its root: a key reaching an element of a part it has not hydrated makes it
    // hydrate that part at once, before the key's character is inserted.
    document.getElementById('root')?.addEventListener('keydown', () => partHydrated || hydratePart(), true);
    const type = (key: string) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      input.value += key;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    stops.push(
      hydrateOnIntent(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        markPageHydrated();
      }),
    );
    window.dispatchEvent(new Event('keydown'));
    input.value = '';
    type('1');
    type('2');
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-hydrated')).toBe('true'));
    // The page is the app's, the calculator not yet: this key must not make React take it over now.
    type('3');
    expect(input.value).toBe('123');
    // The part hydrates on its own and re-renders the field; a key comes before anything else.
    hydratePart();
    type('4');
    expect(values).toEqual(['123', '1234']);
    expect(input.value).toBe('1234');
  });

  it('keeps guarding a part that hydrates after the held click was replayed, and hands its typing over', async () => {
    document.body.innerHTML = '<div id="root"><button type="button">Calculate</button><input value="50.000 €" /></div>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const input = document.querySelector('input') as HTMLInputElement;
    const onClick = vi.fn();
    const values: string[] = [];
    const part = fakeRoot();
    stops.push(
      hydrateOnIntent(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        // The page (and its button) commit; the calculator's code has not arrived.
        const page = fakeRoot();
        page.render(button);
        page.commit();
        button.addEventListener('click', onClick);
        markPageHydrated();
      }),
    );
    window.dispatchEvent(new Event('pointerdown'));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Typed after the click was the app's, into the part that is not.
    input.value = '0';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The part commits, and its effects write the app's value into the field.
    part.render(input);
    part.commit();
    input.addEventListener('input', () => values.push(input.value));
    input.value = '50.000 €';
    await vi.waitFor(() => expect(values.at(-1)).toBe('0'));
    expect(input.value).toBe('0');
  });

  it('keeps guarding a part that starts while the app finishes, after the replayed click scrolled to it', async () => {
    document.body.innerHTML =
      '<div id="root"><button type="button">Calculate</button><div data-part><input value="50.000 €" /></div></div>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const input = document.querySelector('input') as HTMLInputElement;
    let partStarted = false;
    const values: string[] = [];
    const part = fakeRoot();
    stops.push(
      hydrateOnIntent(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          const page = fakeRoot();
          page.render(button);
          page.commit();
          // The click scrolls the page; the calculator's part starts as it comes near the screen.
          button.addEventListener('click', () => setTimeout(() => (partStarted = true), 20));
          markPageHydrated();
        },
        {},
        { controls: () => (partStarted ? [button, input] : [button]) },
      ),
    );
    window.dispatchEvent(new Event('pointerdown'));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(partStarted).toBe(true));
    input.value = '75000';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Long past the moment the app is done with the rest of the page: the part is still not the app's.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(document.documentElement.hasAttribute('data-interactive')).toBe(false);
    part.render(input);
    part.commit();
    input.addEventListener('input', () => values.push(input.value));
    input.value = '50.000 €';
    await vi.waitFor(() => expect(values.at(-1)).toBe('75000'));
    expect(input.value).toBe('75000');
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-interactive')).toBe('true'));
  });

  it('replays a click held while another part of the page is still hydrating, without waiting for that part', async () => {
    document.body.innerHTML =
      '<div id="root"><button type="button" id="first">Calculate</button><button type="button" id="later">Menu</button><input /></div>';
    const [first, later] = document.querySelectorAll('button');
    const clicks: string[] = [];
    let commitLater = () => {};
    stops.push(
      hydrateOnIntent(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const page = fakeRoot();
        if (first) page.render(first);
        page.commit();
        first?.addEventListener('click', () => clicks.push('first'));
        markPageHydrated();
        // The menu's part commits a little later; the field's part never does (its code failed to load).
        commitLater = () => {
          const part = fakeRoot();
          if (later) part.render(later);
          part.commit();
          later?.addEventListener('click', () => clicks.push('later'));
        };
      }),
    );
    window.dispatchEvent(new Event('pointerdown'));
    first?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(clicks).toEqual(['first']));
    later?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(clicks).toEqual(['first']);
    commitLater();
    await vi.waitFor(() => expect(clicks).toEqual(['first', 'later']), { timeout: 2_000 });
  });

  it('does not let the app see a focus in a field it has not hydrated (it would replay it later and steal the caret)', async () => {
    document.body.innerHTML = '<div id="root"><input name="amount" /><input name="instalments" /></div>';
    const root = document.getElementById('root') as HTMLElement;
    const focused: string[] = [];
    // React's own listener sits on its root element.
    root.addEventListener('focusin', (event) => focused.push((event.target as HTMLInputElement).name));
    stops.push(
      hydrateOnIntent(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        markPageHydrated();
      }),
    );
    const [amount, instalments] = document.querySelectorAll('input');
    amount?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(document.documentElement.getAttribute('data-hydrated')).toBe('true'));
    expect(focused).toEqual([]);
    // Once a field is React's, its focus is the app's as usual.
    const part = fakeRoot();
    if (instalments) part.render(instalments);
    part.commit();
    instalments?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(focused).toEqual(['instalments']);
  });

  it('sends a sign-up submitted before this script ran, which the page held from its first byte', async () => {
    document.body.innerHTML = '<form><input name="email" value="" /><button type="submit">Sign up</button></form>';
    // The page's inline script, in its <head>.
    new Function(EARLY_EVENTS_SCRIPT)();
    const input = document.querySelector('input') as HTMLInputElement;
    input.value = 'reader@example.com';
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')?.dispatchEvent(click);
    // Not posted the browser's way, which would reload the page without the sign-up.
    expect(click.defaultPrevented).toBe(true);

    const events: string[] = [];
    const hydrate = fakeHydration({
      onInput: (value) => events.push(`input:${value}`),
      onSubmit: () => events.push('submit'),
    });
    stops.push(hydrateOnIntent(hydrate, takeEarlyEvents()));
    // No sign of use is needed: the visitor has already acted.
    expect(hydrate).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(events).toEqual(['input:reader@example.com', 'submit']));
    // Stopped: from now on the page's clicks are the app's.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('records a cookie choice at once and hides the bar, so a link followed next keeps it', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the first-view script writes document.cookie; start clean
    document.cookie = 'lombard_consent=; max-age=0; path=/';
    document.body.innerHTML =
      '<section data-consent-bar><button type="button" data-consent-choice="all">Accept all</button></section>';
    stops.push(hydrateOnIntent(fakeHydration({})));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const cookie = document.cookie.split('; ').find((part) => part.startsWith('lombard_consent='));
    expect(JSON.parse(decodeURIComponent(cookie?.split('=')[1] ?? '{}'))).toMatchObject({ v: 1, f: 1, a: 1 });
    expect((document.querySelector('section') as HTMLElement).style.display).toBe('none');
  });
});
