import type { GeoPosition } from '@ztart/shared/dynamic-qr';

/** Long enough for a phone to get a fix outdoors, short enough not to leave someone waiting. */
const POSITION_TIMEOUT_MS = 15_000;

/**
 * The device's position, asked once. Rejects with the code `location_unavailable` when the
 * browser has no geolocation, the person refuses it, or no fix comes in time.
 */
export function currentPosition(): Promise<GeoPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject('location_unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject('location_unavailable'),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** Coordinates as the fields show them: six decimals is about 10 cm, more than any phone knows. */
export function coordinateText(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
