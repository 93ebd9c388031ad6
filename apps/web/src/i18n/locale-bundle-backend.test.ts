import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleBundleBackend, localeBundleUrl } from '@/i18n/locale-bundle-backend';

const SPANISH = { common: { hello: 'Hola' }, wallet: { title: 'Cartera' } };

function readNamespace(backend: LocaleBundleBackend, language: string, namespace: string) {
  return new Promise<{ error: unknown; data: unknown; retry: unknown }>((resolve) => {
    backend.read(language, namespace, (error, data) => resolve({ error, data, retry: data }));
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('loading the catalogues of a language', () => {
  it('asks once for every namespace of the language, the first screen and the later ones alike', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(SPANISH), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const backend = new LocaleBundleBackend();

    const [common, wallet] = await Promise.all([
      readNamespace(backend, 'es', 'common'),
      readNamespace(backend, 'es', 'wallet'),
    ]);

    expect(common).toMatchObject({ error: null, data: { hello: 'Hola' } });
    expect(wallet).toMatchObject({ error: null, data: { title: 'Cartera' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(localeBundleUrl('es'), expect.anything());
    expect(localeBundleUrl('es')).toMatch(/^\/locales\/es\.json\?v=\w+$/);
  });

  it('asks again after a failed load, so that i18next can retry a lost connection', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(SPANISH), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const backend = new LocaleBundleBackend();

    const failed = await readNamespace(backend, 'es', 'common');
    expect(failed.error).toBeInstanceOf(Error);
    expect(failed.retry).toBe(true);

    const again = await readNamespace(backend, 'es', 'common');
    expect(again).toMatchObject({ error: null, data: { hello: 'Hola' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reports a namespace that the language does not have', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(SPANISH), { status: 200 })),
    );

    const missing = await readNamespace(new LocaleBundleBackend(), 'es', 'qr');

    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.retry).toBe(false);
  });
});
