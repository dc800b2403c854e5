// biome-ignore-all lint/style/noNonNullAssertion: indices are in range by construction.
// VRPTW instances of Solomon's (1987) six classes and of Gehring & Homberger's (1999) extension to 200–1,000
// customers, generated the way their authors describe, in Solomon's text format (parseSolomon / solveSolomon read
// it): for measuring the solver on a family at any size without tuning it on the published files.
// - Geometry: R uniform on a square, C in clusters of about ten customers, RC half clustered and half uniform.
//   At 100 customers the square is Solomon's (70 wide for R, 100 for C and RC) with his depots; beyond,
//   Homberger's way: a larger square with the depot at its centre — here at constant density (side ×√(n/100)),
//   so a customer's neighbours are as far as in Solomon's files.
// - Horizon and capacity: R1/C1/RC1 short (230, 1236, 240) with capacity 200; R2/C2/RC2 long (1000, 3390, 960)
//   with capacity 1000, 700, 1000; the horizon and the window widths grow with the side. Service 10 (R, RC) or
//   90 (C). Fleet n/4 (25 for 100 customers, as Solomon).
// - Windows around a feasible arrival, so the instance has a solution: for R and RC a direct arrival from the
//   depot at a random time that still lets the vehicle return (Solomon's centres); for C the arrival on
//   nearest-neighbour routes through the clusters (Solomon derived C's windows from routes). A share of the
//   customers (the window density, 25–100 %) get such a window, the others the whole horizon. The seed picks the
//   variant (density and width, as Solomon's sub-series 101, 105, …) and the points.
import { createRng, type Rng, randomInt } from '../../../core/routing/rng.ts';

export type VrptwClass = 'C1' | 'C2' | 'R1' | 'R2' | 'RC1' | 'RC2';
export const VRPTW_CLASSES: readonly VrptwClass[] = ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2'];
/** Solomon's size and Homberger's. */
export const VRPTW_SIZES: readonly number[] = [100, 200, 400, 600, 800, 1000];

export interface VrptwInstanceSpec {
  klass: VrptwClass;
  /** Customers (the depot not counted). */
  n: number;
  seed: number;
}

export interface VrptwClassShape {
  /** Side of the square the customers lie in. */
  side: number;
  depot: readonly [number, number];
  /** Depot due date: every route is back by then. */
  horizon: number;
  capacity: number;
  service: number;
  /** Vehicles in the file (n/4). */
  fleet: number;
}

interface ClassBase {
  horizon: number;
  capacity: number;
  service: number;
  /** Solomon's square and depot at 100 customers. */
  side: number;
  depot: readonly [number, number];
  /** Window variants [density, width at Solomon's horizon]; variant = (seed − 1) mod length. */
  variants: readonly (readonly [number, number])[];
}

const BASE: Record<VrptwClass, ClassBase> = {
  R1: {
    side: 70,
    horizon: 230,
    capacity: 200,
    service: 10,
    depot: [35, 35],
    variants: [
      [1, 10],
      [1, 30],
      [0.5, 10],
      [0.25, 30],
    ],
  },
  R2: {
    side: 70,
    horizon: 1000,
    capacity: 1000,
    service: 10,
    depot: [35, 35],
    variants: [
      [1, 120],
      [0.75, 120],
      [1, 240],
      [0.25, 240],
    ],
  },
  C1: {
    side: 100,
    horizon: 1236,
    capacity: 200,
    service: 90,
    depot: [40, 50],
    variants: [
      [1, 60],
      [0.75, 60],
      [1, 120],
      [1, 240],
    ],
  },
  C2: {
    side: 100,
    horizon: 3390,
    capacity: 700,
    service: 90,
    depot: [40, 50],
    variants: [
      [1, 160],
      [0.75, 160],
      [1, 320],
      [1, 640],
    ],
  },
  RC1: {
    side: 100,
    horizon: 240,
    capacity: 200,
    service: 10,
    depot: [40, 50],
    variants: [
      [1, 30],
      [0.75, 30],
      [0.5, 30],
      [1, 60],
    ],
  },
  RC2: {
    side: 100,
    horizon: 960,
    capacity: 1000,
    service: 10,
    depot: [40, 50],
    variants: [
      [1, 120],
      [0.75, 120],
      [0.5, 120],
      [1, 240],
    ],
  },
};

/** Square, depot, horizon, capacity, service and fleet of a class at n customers. */
export function vrptwClassShape(klass: VrptwClass, n: number): VrptwClassShape {
  const base = BASE[klass];
  const scale = n <= 100 ? 1 : Math.sqrt(n / 100);
  const side = Math.round(base.side * scale);
  const depot: readonly [number, number] = n <= 100 ? base.depot : [Math.round(side / 2), Math.round(side / 2)];
  return {
    side,
    depot,
    horizon: Math.round(base.horizon * scale),
    capacity: base.capacity,
    service: base.service,
    fleet: Math.max(1, Math.floor(n / 4)),
  };
}

/** Homberger-style name: class, hundreds of customers, seed (R1_10_s1 = R1, 1,000 customers, seed 1). */
export function vrptwInstanceName(spec: VrptwInstanceSpec): string {
  const size = spec.n % 100 === 0 ? String(spec.n / 100) : `${spec.n}c`;
  return `${spec.klass}_${size}_s${spec.seed}`;
}

interface Customer {
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
}

/** The instance in Solomon's text format (C101.txt's layout). */
export function vrptwInstanceText(spec: VrptwInstanceSpec): string {
  const { klass, n, seed } = spec;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  const shape = vrptwClassShape(klass, n);
  const base = BASE[klass];
  const classIndex = VRPTW_CLASSES.indexOf(klass);
  const rng = createRng(seed * 7919 + n * 131 + classIndex * 17 + 1);
  const [density, baseWidth] =
    base.variants[(((seed - 1) % base.variants.length) + base.variants.length) % base.variants.length]!;
  const width = baseWidth * (shape.horizon / base.horizon);
  const points = placeCustomers(klass, n, shape.side, rng);
  const [dx, dy] = shape.depot;
  const H = shape.horizon;
  const s = shape.service;
  // Times are built from distances rounded up, so the arrivals hold under either distance convention (double,
  // or truncated to 0.1) — travel is never longer than assumed.
  const leg = (ax: number, ay: number, bx: number, by: number) => Math.ceil(Math.hypot(ax - bx, ay - by));
  const customers: Customer[] = points.map(([x, y]) => ({ x, y, demand: demandOf(klass, rng), ready: 0, due: H }));
  // Latest feasible service start: back at the depot by the horizon.
  const latestStart = (c: Customer) => H - s - leg(c.x, c.y, dx, dy);
  const arrival = new Float64Array(n);
  if (klass === 'C1' || klass === 'C2') routeArrivals(customers, shape, leg, arrival);
  else
    customers.forEach((c, i) => {
      const earliest = leg(dx, dy, c.x, c.y);
      arrival[i] = earliest + randomInt(rng, Math.max(1, latestStart(c) - earliest + 1));
    });
  customers.forEach((c, i) => {
    const last = latestStart(c);
    c.due = last;
    if (rng() >= density) return; // no window: the whole horizon
    const a = arrival[i]!;
    const before = Math.round(width * rng());
    c.ready = Math.max(0, a - before);
    c.due = Math.min(last, Math.max(a, c.ready + Math.round(width)));
  });
  const pad = (v: number, w: number) => String(v).padStart(w);
  const row = (id: number, x: number, y: number, d: number, r: number, due: number, sv: number) =>
    `${pad(id, 5)}${pad(x, 11)}${pad(y, 8)}${pad(d, 12)}${pad(r, 8)}${pad(due, 12)}${pad(sv, 11)}`;
  const lines = [
    vrptwInstanceName(spec),
    '',
    'VEHICLE',
    'NUMBER     CAPACITY',
    `${pad(shape.fleet, 5)}${pad(shape.capacity, 12)}`,
    '',
    'CUSTOMER',
    'CUST NO.   XCOORD.   YCOORD.    DEMAND   READY TIME   DUE DATE   SERVICE TIME',
    '',
    row(0, dx, dy, 0, 0, H, 0),
    ...customers.map((c, i) => row(i + 1, c.x, c.y, c.demand, c.ready, c.due, s)),
    '',
  ];
  return lines.join('\n');
}

function demandOf(klass: VrptwClass, rng: Rng): number {
  // C: multiples of 10 (C101's 10–40, mean about 18); R and RC: 1–28 (R101's mean about 15).
  if (klass === 'C1' || klass === 'C2') return [10, 10, 10, 20, 20, 30, 40][randomInt(rng, 7)]!;
  return 1 + randomInt(rng, 28);
}

/** Integer points in [0, side]²: uniform (R), clusters of about ten (C), or half each (RC). */
function placeCustomers(klass: VrptwClass, n: number, side: number, rng: Rng): [number, number][] {
  const clamp = (v: number) => Math.min(side, Math.max(0, Math.round(v)));
  const uniform = (): [number, number] => [clamp(rng() * side), clamp(rng() * side)];
  const clustered = (count: number, size: number): [number, number][] => {
    const k = Math.max(1, Math.round(count / size));
    const margin = 0.05 * side;
    const centres = Array.from({ length: k }, () => [
      margin + rng() * (side - 2 * margin),
      margin + rng() * (side - 2 * margin),
    ]);
    // Members around their centre, about 4 units apart (Solomon's C clusters); Box–Muller for the offsets.
    return Array.from({ length: count }, (_, i) => {
      const [cx, cy] = centres[i % k]!;
      const r = 4 * Math.sqrt(-2 * Math.log(1 - rng()));
      const t = 2 * Math.PI * rng();
      return [clamp(cx! + r * Math.cos(t)), clamp(cy! + r * Math.sin(t))];
    });
  };
  if (klass.startsWith('RC')) {
    const half = Math.floor(n / 2);
    const mixed = [...clustered(half, 8), ...Array.from({ length: n - half }, uniform)];
    // Interleave so the customer numbers do not tell the clustered from the random ones.
    for (let i = mixed.length - 1; i > 0; i--) {
      const j = randomInt(rng, i + 1);
      [mixed[i], mixed[j]] = [mixed[j]!, mixed[i]!];
    }
    return mixed;
  }
  if (klass.startsWith('C')) return clustered(n, 10);
  return Array.from({ length: n }, uniform);
}

/** Arrival times on nearest-neighbour routes from the depot (each back by the horizon, within capacity). */
function routeArrivals(
  customers: Customer[],
  shape: VrptwClassShape,
  leg: (ax: number, ay: number, bx: number, by: number) => number,
  arrival: Float64Array,
): void {
  const [dx, dy] = shape.depot;
  const left = new Set(customers.map((_, i) => i));
  while (left.size > 0) {
    let x = dx;
    let y = dy;
    let time = 0;
    let load = 0;
    let served = 0;
    for (;;) {
      let next = -1;
      let nextLeg = Number.POSITIVE_INFINITY;
      for (const i of left) {
        const c = customers[i]!;
        const d = leg(x, y, c.x, c.y);
        if (d >= nextLeg || load + c.demand > shape.capacity) continue;
        if (time + d + shape.service + leg(c.x, c.y, dx, dy) > shape.horizon) continue;
        next = i;
        nextLeg = d;
      }
      if (next < 0) break;
      const c = customers[next]!;
      time += nextLeg;
      arrival[next] = time;
      time += shape.service;
      load += c.demand;
      x = c.x;
      y = c.y;
      left.delete(next);
      served++;
    }
    if (served === 0) {
      // Nothing fits even alone (cannot happen with the class shapes): a direct arrival for the first left.
      const i = left.values().next().value as number;
      arrival[i] = leg(dx, dy, customers[i]!.x, customers[i]!.y);
      left.delete(i);
    }
  }
}
