import i18next from 'i18next';

/** The help centre's catalogue, fetched with its data so that pages render in one step. */
export async function loadSupportNamespaces(): Promise<void> {
  if (!i18next.isInitialized) {
    await new Promise<void>((resolve) => {
      const done = () => {
        i18next.off('initialized', done);
        resolve();
      };
      i18next.on('initialized', done);
    });
  }
  await i18next.loadNamespaces(['support']);
}
