/// <reference types="vite/client" />

/** Content hash of the translation catalogues, defined by tooling/locales-plugin.ts. */
declare const __LOCALES_VERSION__: string;
