// nlp.js ships no type declarations: the few parts the built-in engine uses.
declare module '@nlpjs/core' {
  export function containerBootstrap(): Promise<{
    use(plugin: unknown): void;
    get(name: 'nlp'): NlpInstance;
  }>;
  export interface NlpInstance {
    settings: { autoSave: boolean; log?: boolean; nlu?: { log?: boolean } };
    addLanguage(language: string): void;
    addDocument(language: string, utterance: string, intent: string): void;
    train(): Promise<void>;
    process(language: string, utterance: string): Promise<{ intent: string; score: number }>;
  }
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
}
declare module '@nlpjs/lang-fr' {
  export const LangFr: unknown;
}
declare module '@nlpjs/lang-pt' {
  export const LangPt: unknown;
}
