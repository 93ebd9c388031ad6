import type { NearbyLocationRequest } from '@ztart/shared/contracts/nearby';

/** Long enough for a phone to get a fix indoors, short enough not to leave someone waiting. */
const POSITION_TIMEOUT_MS = 20_000;
/** A fix this recent is good enough: the server keeps only a 1 km cell of it. */
const POSITION_MAX_AGE_MS = 60_000;

/** GeolocationPositionError.PERMISSION_DENIED (a constant not every environment defines). */
const PERMISSION_DENIED = 1;

/**
 * Why no position came: `denied` (the person or the browser refused this site: only they can
 * change it, in the site settings) or `unavailable` (no geolocation, no fix, or too slow).
 */
export type LocationFailure = 'denied' | 'unavailable';

export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`location ${reason}`);
    this.name = 'LocationError';
  }
}

/** The device's position, asked once; rejects with a LocationError. */
export function devicePosition(): Promise<NearbyLocationRequest> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new LocationError('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (failure) => reject(new LocationError(failure.code === PERMISSION_DENIED ? 'denied' : 'unavailable')),
      // A coarse fix is all that is needed, and it comes faster and costs less battery.
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}

/**
 * Whether this site may already read the position without asking: 'granted', 'prompt' or
 * 'denied', or 'unknown' where the browser cannot tell (no Permissions API).
 */
export async function locationPermission(): Promise<PermissionState | 'unknown'> {
  try {
    if (typeof navigator === 'undefined' || !navigator.permissions?.query) return 'unknown';
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return 'unknown';
  }
}
