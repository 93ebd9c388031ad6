import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NearbyPerson } from '@ztart/shared/contracts/nearby';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const MARIA: NearbyPerson = {
  ztartag: 'maria_waits',
  displayName: 'Maria Santos',
  avatarUrl: null,
  distanceKm: 1,
};
const LEO: NearbyPerson = {
  ztartag: 'leo_guitar',
  displayName: 'Leo Martins',
  avatarUrl: null,
  distanceKm: 4,
};
const LISBON = { latitude: 38.71123, longitude: -9.13987 };

type Fix = { ok: true } | { ok: false; code: number };

/** A device whose geolocation answers as told, and a Permissions API that says `permission`. */
function stubDevice(fix: Fix, permission: PermissionState = 'prompt') {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (fix.ok) success({ coords: LISBON, timestamp: Date.now() } as unknown as GeolocationPosition);
    else failure?.({ code: fix.code, message: 'no' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  Object.defineProperty(navigator, 'permissions', {
    value: { query: vi.fn(async () => ({ state: permission })) },
    configurable: true,
  });
  return getCurrentPosition;
}

function visibilityAnswer(initial: boolean): { get: MockAnswer; put: MockAnswer } {
  let enabled = initial;
  return {
    get: () => [200, { enabled }],
    put: (call) => {
      enabled = (call.body as { enabled: boolean }).enabled;
      return [200, { enabled }];
    },
  };
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const visibilitySwitch = () => screen.findByRole('switch', { name: 'Let people nearby find me' });

describe('/nearby-users', () => {
  it('starts hidden and asks nothing of the device until the person turns visibility on', async () => {
    const getCurrentPosition = stubDevice({ ok: true });
    const visibility = visibilityAnswer(false);
    const api = mockApi({
      'GET /api/nearby/visibility': visibility.get,
      'PUT /api/nearby/visibility': visibility.put,
      'PUT /api/nearby/location': [204],
      'GET /api/nearby': [200, { items: [MARIA, LEO] }],
    });
    renderRoute('/nearby-users', { auth: signedIn() });

    expect(await visibilitySwitch()).not.toBeChecked();
    expect(screen.getByText('You are not visible')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(api.callsTo('GET', '/api/nearby')).toHaveLength(0);

    await userEvent.click(await visibilitySwitch());

    const list = await screen.findByRole('list', { name: 'People nearby' });
    expect(await visibilitySwitch()).toBeChecked();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(api.callsTo('PUT', '/api/nearby/visibility')[0]?.body).toEqual({ enabled: true });
    expect(api.callsTo('PUT', '/api/nearby/location')[0]?.body).toEqual(LISBON);
    const maria = within(list).getAllByRole('listitem')[0]!;
    expect(maria).toHaveTextContent('Maria Santos');
    expect(maria).toHaveTextContent('@maria_waits');
    expect(maria).toHaveTextContent('About 1 km away');
    expect(within(maria).getByRole('link', { name: 'Tip Maria Santos' })).toHaveAttribute(
      'href',
      '/quick-tip/send?to=maria_waits',
    );
    expect(within(maria).getByRole('link', { name: 'Add Maria Santos as a contact' })).toHaveAttribute(
      'href',
      '/contacts?add=maria_waits',
    );
    expect(api.callsTo('GET', '/api/nearby')[0]?.path).toBe('/api/nearby?radiusKm=5');
  });

  it('asks again with the radius chosen, and says when no one is around', async () => {
    stubDevice({ ok: true }, 'granted');
    const api = mockApi({
      'GET /api/nearby/visibility': [200, { enabled: true }],
      'PUT /api/nearby/location': [204],
      'GET /api/nearby': (call) => [200, { items: call.path.endsWith('=25') ? [LEO] : [] }],
    });
    renderRoute('/nearby-users', { auth: signedIn() });

    expect(await screen.findByText('No one nearby right now')).toBeInTheDocument();
    // Already visible, with the site allowed to read the position: it is sent again on arrival.
    expect(api.callsTo('PUT', '/api/nearby/location')).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Search radius' }), 'Within 25 km');

    expect(await screen.findByText('Leo Martins')).toBeInTheDocument();
    expect(screen.getByText('About 4 km away')).toBeInTheDocument();
  });

  it('explains a refused location and how to allow it, and stays hidden', async () => {
    stubDevice({ ok: false, code: 1 });
    const api = mockApi({ 'GET /api/nearby/visibility': [200, { enabled: false }] });
    renderRoute('/nearby-users', { auth: signedIn() });

    await userEvent.click(await visibilitySwitch());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not access your location');
    expect(alert).toHaveTextContent('set Location to Allow');
    expect(await visibilitySwitch()).not.toBeChecked();
    expect(api.callsTo('PUT', '/api/nearby/visibility')).toHaveLength(0);
  });

  it('says so when visibility cannot be changed, or the list cannot be had', async () => {
    stubDevice({ ok: true });
    mockApi({
      'GET /api/nearby/visibility': [200, { enabled: false }],
      'PUT /api/nearby/visibility': [500, error('internal_error')],
    });
    const first = renderRoute('/nearby-users', { auth: signedIn() });
    await userEvent.click(await visibilitySwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update visibility settings');
    expect(await visibilitySwitch()).not.toBeChecked();
    first.unmount();

    stubDevice({ ok: true }, 'granted');
    mockApi({
      'GET /api/nearby/visibility': [200, { enabled: true }],
      'PUT /api/nearby/location': [204],
      'GET /api/nearby': [500, error('internal_error')],
    });
    renderRoute('/nearby-users', { auth: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find nearby users');
  });

  it('turning visibility off clears the list at once', async () => {
    stubDevice({ ok: true }, 'granted');
    const visibility = visibilityAnswer(true);
    mockApi({
      'GET /api/nearby/visibility': visibility.get,
      'PUT /api/nearby/visibility': visibility.put,
      'PUT /api/nearby/location': [204],
      'GET /api/nearby': [200, { items: [MARIA] }],
    });
    renderRoute('/nearby-users', { auth: signedIn() });
    expect(await screen.findByText('Maria Santos')).toBeInTheDocument();

    await userEvent.click(await visibilitySwitch());

    await waitFor(() => expect(screen.queryByText('Maria Santos')).not.toBeInTheDocument());
    expect(screen.getByText('You are not visible')).toBeInTheDocument();
  });

  it('asks before reading the position again when the site may not read it unasked', async () => {
    const getCurrentPosition = stubDevice({ ok: true }, 'prompt');
    let forgotten = true;
    const api = mockApi({
      'GET /api/nearby/visibility': [200, { enabled: true }],
      'PUT /api/nearby/location': () => {
        forgotten = false;
        return [204];
      },
      'GET /api/nearby': () =>
        forgotten ? [409, error('nearby_location_required')] : [200, { items: [MARIA] }],
    });
    renderRoute('/nearby-users', { auth: signedIn() });

    expect(await screen.findByText('Your location is needed')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));

    expect(await screen.findByText('Maria Santos')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/nearby/location')).toHaveLength(1);
  });
});
