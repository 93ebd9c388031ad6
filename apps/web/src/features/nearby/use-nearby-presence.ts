import { useQueryClient } from '@tanstack/react-query';
import { NEARBY } from '@ztart/shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  nearbyKeys,
  sendNearbyLocation,
  useNearbyVisibility,
  useSetNearbyVisibility,
} from '@/features/nearby/api/nearby-api';
import { devicePosition, LocationError, locationPermission } from '@/features/nearby/geolocation';

/**
 * Where the person's position stands: `idle` (not visible, nothing asked), `locating` (asking the
 * device or sending), `located` (a fresh position is on the server), `needed` (visible, but no
 * fresh position: the person is asked to share it), `denied` or `unavailable` (the device gave none).
 */
export type LocationState = 'idle' | 'locating' | 'located' | 'needed' | 'denied' | 'unavailable';

/**
 * Visibility and position for the nearby users page. The device's position is asked for only when
 * the person turns visibility on (or asks to share it again); while the page is open and they are
 * visible, it is sent again every NEARBY.refreshMinutes so that the server does not forget it.
 */
export function useNearbyPresence() {
  const queryClient = useQueryClient();
  const visibility = useNearbyVisibility();
  const setVisibility = useSetNearbyVisibility();
  const [location, setLocation] = useState<LocationState>('idle');
  const [sendError, setSendError] = useState<unknown>(null);
  const visible = visibility.data === true;
  const busy = useRef(false);
  /** Whether the position was already asked for on this visit (on arrival or by turning visibility on). */
  const resumed = useRef(false);

  /** Sends `position` (or asks the device first); answers whether the server has it now. */
  const share = useCallback(
    async (position?: { latitude: number; longitude: number }) => {
      if (busy.current) return false;
      busy.current = true;
      // A refresh keeps the list on screen; only a first position shows that it is being asked.
      setLocation((current) => (current === 'located' ? current : 'locating'));
      try {
        const fix = position ?? (await devicePosition());
        await sendNearbyLocation(fix);
        setSendError(null);
        setLocation('located');
        await queryClient.invalidateQueries({ queryKey: nearbyKeys.lists() });
        return true;
      } catch (error) {
        if (error instanceof LocationError) setLocation(error.reason);
        else {
          setSendError(error);
          setLocation('needed');
        }
        return false;
      } finally {
        busy.current = false;
      }
    },
    [queryClient],
  );

  /** Asks the device first: nothing is turned on when no position can be had. */
  const turnOn = useCallback(async () => {
    resumed.current = true;
    setVisibility.reset();
    setSendError(null);
    setLocation('locating');
    let position: { latitude: number; longitude: number };
    try {
      position = await devicePosition();
    } catch (error) {
      setLocation(error instanceof LocationError ? error.reason : 'unavailable');
      return;
    }
    try {
      await setVisibility.mutateAsync(true);
    } catch {
      setLocation('idle');
      return;
    }
    await share(position);
  }, [setVisibility, share]);

  const turnOff = useCallback(async () => {
    setVisibility.reset();
    setSendError(null);
    try {
      await setVisibility.mutateAsync(false);
      setLocation('idle');
    } catch {
      // The mutation's error says it; visibility stays as the server has it.
    }
  }, [setVisibility]);

  // Back on the page while visible: send the position again if the site may read it without
  // asking; otherwise the person chooses to share it.
  useEffect(() => {
    if (!visible || resumed.current) return;
    resumed.current = true;
    void locationPermission().then((permission) => {
      if (permission === 'denied') setLocation((current) => (current === 'idle' ? 'denied' : current));
      else if (permission === 'prompt') setLocation((current) => (current === 'idle' ? 'needed' : current));
      else void share();
    });
  }, [visible, share]);

  useEffect(() => {
    if (!visible || location !== 'located') return;
    const timer = setInterval(() => void share(), NEARBY.refreshMinutes * 60_000);
    return () => clearInterval(timer);
  }, [visible, location, share]);

  /** The server forgot the position (15 minutes without a refresh): ask for it again. */
  const positionForgotten = useCallback(() => setLocation('needed'), []);

  return {
    visibility,
    visible,
    location,
    located: visible && location === 'located',
    turnOn,
    turnOff,
    share: () => void share(),
    positionForgotten,
    visibilityError: setVisibility.error,
    visibilityPending: setVisibility.isPending,
    sendError,
  };
}
