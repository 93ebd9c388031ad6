import type { BackendModule, ReadCallback, ResourceLanguage } from 'i18next';

/**
 * Every namespace of one language in one file (`/locales/en.json`, made from the catalogues by
 * tooling/locales-plugin.ts), with the content hash for cache busting.
 */
export function localeBundleUrl(language: string): string {
  return `/locales/${encodeURIComponent(language)}.json?v=${__LOCALES_VERSION__}`;
}

/**
 * Loads a language's catalogues in one request, asked for once: the first screen's namespaces
 * and those of every later screen arrive together (about 12 KB compressed per language), instead
 * of one request per namespace after each screen's code.
 */
export class LocaleBundleBackend implements BackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  readonly callbackApi = true;
  readonly #bundles = new Map<string, Promise<ResourceLanguage>>();

  init(): void {}

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.#bundle(language).then(
      (bundle) => {
        const catalogue = bundle[namespace];
        if (catalogue && typeof catalogue === 'object') callback(null, catalogue);
        else callback(new Error(`No catalogue ${language}/${namespace}`), false);
      },
      // `true` lets i18next try again (a network failure), as its HTTP backend does.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  }

  #bundle(language: string): Promise<ResourceLanguage> {
    let bundle = this.#bundles.get(language);
    if (!bundle) {
      bundle = fetch(localeBundleUrl(language), { credentials: 'same-origin' }).then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} for the ${language} catalogues`);
        return (await response.json()) as ResourceLanguage;
      });
      // A failed load is forgotten, so that the retry asks again.
      bundle.catch(() => this.#bundles.delete(language));
      this.#bundles.set(language, bundle);
    }
    return bundle;
  }
}
