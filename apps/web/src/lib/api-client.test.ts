import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, CSRF_HEADER, onSessionExpired, readCookie } from '@/lib/api-client';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { setTestCookie } from '@/test/cookies';

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

  it('repeats the csrf_token cookie in X-CSRF-Token on every state-changing request, not on reads', async () => {
    setTestCookie('theme', 'dark');
    setTestCookie('csrf_token', 'tok%2Fen-123');
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await api.post('/api/auth/sign-out');
    await api.put('/api/pin', { currentPin: '1234', pin: '5678', pinConfirmation: '5678' });
    await api.patch('/api/profiles/me', { bio: 'hi' });
    await api.delete('/api/profiles/me/avatar');
    await api.get('/api/auth/session');

    const headersOf = (call: number) =>
      new Headers((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers);
    for (const call of [0, 1, 2, 3]) expect(headersOf(call).get(CSRF_HEADER)).toBe('tok/en-123');
    expect(headersOf(4).get(CSRF_HEADER)).toBeNull();
  });

  it('reads one cookie among several', () => {
    expect(readCookie('csrf_token', 'a=1; csrf_token=abc; b=2')).toBe('abc');
    expect(readCookie('csrf_token', 'a=1; xcsrf_token=abc')).toBeNull();
  });

  it('sends an image as it is, with its own content type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

    await api.put('/api/profiles/me/avatar', image);

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(image);
    expect(new Headers(init.headers).get('Content-Type')).toBe('image/png');
  });

  it('in demo mode, nothing that changes state leaves the browser: demo_mode, and no fetch', async () => {
    setDemoMode(true);
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/auth/sign-out')).rejects.toMatchObject({ code: 'demo_mode' });
    await expect(api.patch('/api/profiles/me', { bio: 'x' })).rejects.toMatchObject({ code: 'demo_mode' });
    await expect(api.delete('/api/profiles/me')).rejects.toBeInstanceOf(ApiError);
    // Nor a read of a real person's data.
    await expect(api.get('/api/auth/sessions')).rejects.toMatchObject({ code: 'demo_mode' });
    expect(fetchMock).not.toHaveBeenCalled();

    // Public reads still work.
    await api.get('/api/health');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells its listeners when an answer is 401 session_expired', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { error: { code: 'session_expired', message: 'Session expired' } }),
    );
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    await expect(api.get('/api/profiles/me')).rejects.toMatchObject({ code: 'session_expired' });
    unsubscribe();
    await expect(api.get('/api/profiles/me')).rejects.toMatchObject({ code: 'session_expired' });
    expect(listener).toHaveBeenCalledOnce();
  });
});
