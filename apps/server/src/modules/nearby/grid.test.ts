import { NEARBY } from '@ztart/shared/limits';
import { describe, expect, it } from 'vitest';
import {
  COLUMNS,
  cellOf,
  cellRangesAround,
  centreOf,
  columnSpanOf,
  distanceKm,
  type LatLng,
  ROWS,
  roundedDistanceKm,
} from './grid.ts';

/** A point `km` away from `from` in the direction `bearingDegrees` (0 = north). */
function pointAt(from: LatLng, km: number, bearingDegrees: number): LatLng {
  const r = 6371.0088;
  const toRadians = Math.PI / 180;
  const lat1 = from.latitude * toRadians;
  const lng1 = from.longitude * toRadians;
  const bearing = bearingDegrees * toRadians;
  const angle = km / r;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  const longitude = ((((lng2 / toRadians + 180) % 360) + 360) % 360) - 180;
  return { latitude: lat2 / toRadians, longitude };
}

/** A fixed sequence of numbers in [0, 1), so that a failure can be replayed. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the nearby grid', () => {
  it('keeps a cell about 1 km tall and at least as wide, from the equator to the poles', () => {
    for (const latitude of [0, 23.5, 45, 60, 70, 80, 89]) {
      const cell = cellOf({ latitude, longitude: 10.123 });
      const centre = centreOf(cell);
      const span = columnSpanOf(cell.row);
      const heightKm = distanceKm(
        { latitude: centre.latitude - NEARBY.cellDegrees / 2, longitude: centre.longitude },
        { latitude: centre.latitude + NEARBY.cellDegrees / 2, longitude: centre.longitude },
      );
      const widthKm = distanceKm(
        { latitude: centre.latitude, longitude: centre.longitude - (span * NEARBY.cellDegrees) / 2 },
        { latitude: centre.latitude, longitude: centre.longitude + (span * NEARBY.cellDegrees) / 2 },
      );
      expect(heightKm).toBeCloseTo(1.11, 2);
      expect(widthKm, `at ${latitude}°`).toBeGreaterThanOrEqual(heightKm * 0.999);
      expect(widthKm, `at ${latitude}°`).toBeLessThan(heightKm * 2);
    }
  });

  it('puts every position in a cell that holds it and forgets everything finer', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2_000; i++) {
      const position = { latitude: random() * 180 - 90, longitude: random() * 360 - 180 };
      const cell = cellOf(position);
      expect(cell.row).toBeGreaterThanOrEqual(0);
      expect(cell.row).toBeLessThan(ROWS);
      expect(cell.column % columnSpanOf(cell.row)).toBe(0);
      const centre = centreOf(cell);
      expect(Math.abs(centre.latitude - position.latitude)).toBeLessThanOrEqual(
        NEARBY.cellDegrees / 2 + 1e-9,
      );
      // Two positions a few metres apart in the same cell are stored alike.
      expect(cellOf({ latitude: centre.latitude + 0.001, longitude: centre.longitude })).toEqual(cell);
    }
    expect(cellOf({ latitude: 90, longitude: 180 }).row).toBe(ROWS - 1);
    expect(cellOf({ latitude: -90, longitude: -180 })).toEqual({ row: 0, column: 0 });
  });

  it('searches rows and columns that hold every cell whose centre is within the radius', () => {
    const random = seededRandom(11);
    const places = [
      { latitude: 48.8566, longitude: 2.3522 },
      { latitude: -23.5505, longitude: -46.6333 },
      { latitude: 64.1466, longitude: -21.9426 },
      { latitude: 78.2232, longitude: 15.6267 },
      // Either side of the antimeridian.
      { latitude: -17.7134, longitude: 179.99 },
      { latitude: 65.0, longitude: -179.995 },
    ];
    for (const place of places) {
      const origin = centreOf(cellOf(place));
      for (const radiusKm of [1, NEARBY.radiusKm.default, NEARBY.radiusKm.max]) {
        const ranges = cellRangesAround(cellOf(place), radiusKm);
        for (let i = 0; i < 300; i++) {
          const other = cellOf(pointAt(origin, random() * radiusKm * 1.05, random() * 360));
          if (distanceKm(origin, centreOf(other)) > radiusKm) continue;
          const inRows = other.row >= ranges.rows[0] && other.row <= ranges.rows[1];
          const inColumns = ranges.columns.some(([low, high]) => other.column >= low && other.column <= high);
          expect(inRows && inColumns, `${JSON.stringify(other)} from ${JSON.stringify(place)}`).toBe(true);
        }
      }
    }
  });

  it('splits the column range across the antimeridian and stays narrow elsewhere', () => {
    const east = cellRangesAround(cellOf({ latitude: 0, longitude: 179.999 }), 5);
    expect(east.columns).toHaveLength(2);
    expect(east.columns[1]![0]).toBe(0);
    const paris = cellRangesAround(cellOf({ latitude: 48.8566, longitude: 2.3522 }), 5);
    expect(paris.columns).toHaveLength(1);
    const [low, high] = paris.columns[0]!;
    expect(high - low).toBeLessThan(COLUMNS / 100);
    expect(paris.rows[1] - paris.rows[0]).toBeLessThan(20);
  });

  it('rounds distances to whole kilometres, never under 1', () => {
    expect(roundedDistanceKm(0)).toBe(1);
    expect(roundedDistanceKm(0.4)).toBe(1);
    expect(roundedDistanceKm(1.49)).toBe(1);
    expect(roundedDistanceKm(7.6)).toBe(8);
  });
});
