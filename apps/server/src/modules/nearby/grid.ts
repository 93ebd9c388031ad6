import { NEARBY } from '@ztart/shared/limits';

/**
 * The coarse grid positions are kept on (docs/decisions/0028-nearby-users.md). Rows are
 * NEARBY.cellDegrees of latitude (about 1.1 km). Columns are counted in steps of the same number
 * of degrees of longitude, but a stored cell spans as many of them as it takes to be at least as
 * wide as it is tall: toward the poles a degree of longitude shrinks, and a narrower cell would
 * tell more about where someone is. Column numbers stay comparable between rows, so that the
 * cells around a place are one range of rows and one range of columns (the index's range scan).
 */
export const ROWS = Math.round(180 / NEARBY.cellDegrees);
export const COLUMNS = Math.round(360 / NEARBY.cellDegrees);
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface Cell {
  row: number;
  column: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function rowCentreLatitude(row: number): number {
  return -90 + (row + 0.5) * NEARBY.cellDegrees;
}

/** How many column steps one stored cell of this row spans (1 near the equator, all at the poles). */
export function columnSpanOf(row: number): number {
  const cos = Math.cos((rowCentreLatitude(row) * Math.PI) / 180);
  return cos <= 1 / COLUMNS ? COLUMNS : clamp(Math.ceil(1 / cos - 1e-9), 1, COLUMNS);
}

/** The cell a position falls in: all that is stored of it. */
export function cellOf({ latitude, longitude }: LatLng): Cell {
  const row = clamp(Math.floor((latitude + 90) / NEARBY.cellDegrees), 0, ROWS - 1);
  const step = clamp(Math.floor((longitude + 180) / NEARBY.cellDegrees), 0, COLUMNS - 1);
  const span = columnSpanOf(row);
  return { row, column: Math.floor(step / span) * span };
}

/** The middle of a stored cell: where distances are measured from. */
export function centreOf({ row, column }: Cell): LatLng {
  const span = Math.min(columnSpanOf(row), COLUMNS - column);
  return {
    latitude: rowCentreLatitude(row),
    longitude: -180 + (column + span / 2) * NEARBY.cellDegrees,
  };
}

/** Great-circle distance (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRadians;
  const dLng = (b.longitude - a.longitude) * toRadians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What a list shows: whole kilometres, at least 1. A cell is about 1.1 km across, so this says
 * no more than the grid does (two people in the same cell are "1 km" apart).
 */
export function roundedDistanceKm(km: number): number {
  return Math.max(1, Math.round(km));
}

/** Inclusive ranges of rows and of columns (one, or two across the antimeridian). */
export interface CellRanges {
  rows: [number, number];
  columns: [number, number][];
}

/**
 * The rows and columns holding every cell whose centre may lie within `radiusKm` of the centre
 * of `cell`: a little more than needed, never less (the exact distance sorts out the rest).
 */
export function cellRangesAround(cell: Cell, radiusKm: number): CellRanges {
  const centre = centreOf(cell);
  const rowReach = Math.ceil(radiusKm / (KM_PER_DEGREE * NEARBY.cellDegrees)) + 1;
  const rows: [number, number] = [
    clamp(cell.row - rowReach, 0, ROWS - 1),
    clamp(cell.row + rowReach, 0, ROWS - 1),
  ];
  // Longitude reaches furthest on the row nearest a pole.
  const poleward = Math.max(Math.abs(rowCentreLatitude(rows[0])), Math.abs(rowCentreLatitude(rows[1])));
  const widestSpan = Math.max(columnSpanOf(rows[0]), columnSpanOf(rows[1]));
  const cos = Math.cos((poleward * Math.PI) / 180);
  const lngReach = cos <= 0 ? 360 : radiusKm / (KM_PER_DEGREE * cos);
  // A stored cell starts up to (span - 1) steps before its centre's step.
  const stepReach = Math.ceil(lngReach / NEARBY.cellDegrees) + widestSpan + 1;
  if (2 * stepReach + 1 >= COLUMNS) return { rows, columns: [[0, COLUMNS - 1]] };
  const centreStep = Math.floor((centre.longitude + 180) / NEARBY.cellDegrees);
  const low = centreStep - stepReach;
  const high = centreStep + stepReach;
  if (low < 0)
    return {
      rows,
      columns: [
        [0, high],
        [COLUMNS + low, COLUMNS - 1],
      ],
    };
  if (high >= COLUMNS)
    return {
      rows,
      columns: [
        [low, COLUMNS - 1],
        [0, high - COLUMNS],
      ],
    };
  return { rows, columns: [[low, high]] };
}
