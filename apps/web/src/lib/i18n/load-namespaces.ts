// Route modules load their catalogues together with their code: without this, a page would first
// download its chunk, render, suspend on `useTranslation`, and only then fetch its texts.
import i18next from 'i18next';

function initialised(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      i18next.off('initialized', done);
      resolve();
    };
    i18next.on('initialized', done);
  });
}

export async function loadNamespaces(...namespaces: string[]): Promise<void> {
  await initialised();
  await i18next.loadNamespaces(namespaces);
}

/** Runs a route module import and its catalogues in parallel; resolves to the module. */
export async function withNamespaces<T>(load: () => Promise<T>, ...namespaces: string[]): Promise<T> {
  const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
  return module;
}
