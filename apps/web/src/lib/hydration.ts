// Whether the app is hydrating the page the server rendered (docs/decisions/006). Components whose
// first render in the browser normally differs from the server's (content loaded when it scrolls into
// view) render the server's version while this holds, so that hydration finds the same markup.
let hydratingServerPage = false;

export function isHydratingServerPage(): boolean {
  return hydratingServerPage || typeof document === 'undefined';
}

/** Set by the boot before hydrating; cleared at the first client-side navigation. */
export function setHydratingServerPage(value: boolean): void {
  hydratingServerPage = value;
}
