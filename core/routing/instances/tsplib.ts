// TSPLIB .tsp parser (NODE_COORD_SECTION with EUC_2D, ATT or GEO weights) and the official per-edge
// integer distance functions, exactly as ../shared/benchmarks/routing/README.md §1 states them.

export type TsplibWeightType = 'EUC_2D' | 'ATT' | 'GEO';

export interface TsplibInstance {
  name: string;
  dimension: number;
  edgeWeightType: TsplibWeightType;
  /** Node ids as in the file (1-based). */
  ids: number[];
  x: number[];
  y: number[];
  /** Integer distance between the nodes at positions i and j (not ids). */
  distance(i: number, j: number): number;
}

export class InstanceParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceParseError';
  }
}

/** nint(v) = floor(v + 0.5), TSPLIB's rounding. */
const nint = (v: number) => Math.floor(v + 0.5);
/** TSPLIB95's GEO formulas use PI = 3.141592 (not Math.PI). */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: the TSPLIB95 definition uses this truncated value.
export const TSPLIB_PI = 3.141592;
const GEO_RADIUS = 6378.388;

/** DDD.MM → radians; degrees are truncated, not rounded (README gotcha: rounding gives 7117 on ulysses22). */
export function geoRadians(v: number): number {
  const deg = Math.trunc(v);
  const min = v - deg;
  return (TSPLIB_PI * (deg + (5 * min) / 3)) / 180;
}

export function euc2d(x1: number, y1: number, x2: number, y2: number): number {
  return nint(Math.sqrt((x1 - x2) ** 2 + (y1 - y2) ** 2));
}

export function att(x1: number, y1: number, x2: number, y2: number): number {
  const r = Math.sqrt(((x1 - x2) ** 2 + (y1 - y2) ** 2) / 10);
  const t = nint(r);
  return t < r ? t + 1 : t;
}

/** GEO: the first coordinate is latitude, the second longitude, both DDD.MM. */
export function geo(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const la1 = geoRadians(lat1);
  const lo1 = geoRadians(lon1);
  const la2 = geoRadians(lat2);
  const lo2 = geoRadians(lon2);
  const q1 = Math.cos(lo1 - lo2);
  const q2 = Math.cos(la1 - la2);
  const q3 = Math.cos(la1 + la2);
  return Math.floor(GEO_RADIUS * Math.acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1.0);
}

export function parseTsplib(text: string): TsplibInstance {
  const lines = text.split(/\r?\n/);
  const header = new Map<string, string>();
  const ids: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  let inCoords = false;
  for (const [k, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (line === 'EOF') break;
    if (line === 'NODE_COORD_SECTION') {
      inCoords = true;
      continue;
    }
    if (inCoords) {
      const parts = line.split(/\s+/).map(Number);
      if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p))) {
        throw new InstanceParseError(`line ${k + 1}: expected "id x y", got "${line}"`);
      }
      ids.push(parts[0] as number);
      x.push(parts[1] as number);
      y.push(parts[2] as number);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0)
      throw new InstanceParseError(`line ${k + 1}: expected "KEY : value" or a section name, got "${line}"`);
    header.set(line.slice(0, colon).trim().toUpperCase(), line.slice(colon + 1).trim());
  }
  const type = header.get('EDGE_WEIGHT_TYPE');
  if (type !== 'EUC_2D' && type !== 'ATT' && type !== 'GEO') {
    throw new InstanceParseError(`EDGE_WEIGHT_TYPE "${type ?? '(missing)'}" is not supported (EUC_2D, ATT, GEO)`);
  }
  const dimension = Number(header.get('DIMENSION'));
  if (!Number.isInteger(dimension) || dimension < 1) throw new InstanceParseError('DIMENSION is missing or invalid');
  if (ids.length !== dimension) {
    throw new InstanceParseError(`DIMENSION is ${dimension} but NODE_COORD_SECTION has ${ids.length} nodes`);
  }
  const f = type === 'EUC_2D' ? euc2d : type === 'ATT' ? att : geo;
  return {
    name: header.get('NAME') ?? '',
    dimension,
    edgeWeightType: type,
    ids,
    x,
    y,
    distance: (i, j) => (i === j ? 0 : f(x[i] as number, y[i] as number, x[j] as number, y[j] as number)),
  };
}

/** Closed tour length for node ids as in the file (each id exactly once; the edge back is included). */
export function tsplibTourLength(instance: TsplibInstance, tourIds: readonly number[]): number {
  const pos = new Map(instance.ids.map((id, i) => [id, i]));
  if (tourIds.length !== instance.dimension || new Set(tourIds).size !== instance.dimension) {
    throw new InstanceParseError(`a tour must visit each of the ${instance.dimension} nodes once`);
  }
  let total = 0;
  for (let k = 0; k < tourIds.length; k++) {
    const a = pos.get(tourIds[k] as number);
    const b = pos.get(tourIds[(k + 1) % tourIds.length] as number);
    if (a === undefined || b === undefined) throw new InstanceParseError('tour names a node id not in the instance');
    total += instance.distance(a, b);
  }
  return total;
}
