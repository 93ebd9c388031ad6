import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest } from '@/lib/api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { status: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/things', { name: 'Ana' })).resolves.toEqual({ status: 'ok' });

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Ana"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns our error shape into an ApiError with code, status and details', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(422, {
        error: {
          code: 'insufficient_balance',
          message: 'Not enough money',
          details: { availableMinor: 500 },
        },
      }),
    );

    const error = await apiRequest('/api/transfers').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'insufficient_balance',
      status: 422,
      message: 'Not enough money',
      details: { availableMinor: 500 },
    });
  });

  it('maps an answer without our shape from its HTTP status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Not Found</html>', { status: 404 }));
    await expect(apiRequest('/api/nothing')).rejects.toMatchObject({ code: 'not_found', status: 404 });

    vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status: 502 }));
    await expect(apiRequest('/api/nothing')).rejects.toMatchObject({ code: 'internal_error', status: 502 });
  });

  it('reports a failed connection as network_error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('reports offline when the browser knows it has no network', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ code: 'offline', status: 0 });
    onLine.mockRestore();
  });

  it('lets a cancelled request reject with the AbortError itself', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves an empty answer (204) with undefined', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(api.delete('/api/sessions/current')).resolves.toBeUndefined();
  });
});
