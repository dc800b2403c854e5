// Solomon VRPTW parsers: LKH-3 .vrptw (FLOOR_2D, SCALE 10) and the original text format (C101.txt).
// Distance-only convention (README §3): d_ij = floor(10·euclid)/10 per edge; service counts in time only.
// The single-clinician solver does not handle several routes yet, so the bench only parses these.
import { InstanceParseError } from './tsplib.ts';

export interface SolomonNode {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  name: string;
  capacity: number;
  /** Vehicles listed in the file (fleet size, or the route count of the LKH-3 file name). */
  vehicles: number;
  /** nodes[0] is the depot. */
  nodes: SolomonNode[];
}

/** Euclidean distance truncated to 0.1 (computed in tenths to avoid binary rounding surprises). */
export function solomonDistance(a: SolomonNode, b: SolomonNode): number {
  return Math.floor(10 * Math.hypot(a.x - b.x, a.y - b.y) + 1e-9) / 10;
}

export function parseSolomon(text: string): SolomonInstance {
  return /NODE_COORD_SECTION/.test(text) ? parseLkh(text) : parseOriginal(text);
}

function parseLkh(text: string): SolomonInstance {
  const header = new Map<string, string>();
  const coords = new Map<number, [number, number]>();
  const demand = new Map<number, number>();
  const windows = new Map<number, [number, number]>();
  let section = '';
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    if (/^[A-Z_]+_SECTION$/.test(line)) {
      section = line;
      continue;
    }
    if (section === '') {
      const colon = line.indexOf(':');
      if (colon < 0) throw new InstanceParseError(`line ${k + 1}: expected "KEY : value", got "${line}"`);
      header.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      continue;
    }
    const p = line.split(/\s+/).map(Number);
    if (p.some((v) => !Number.isFinite(v)))
      throw new InstanceParseError(`line ${k + 1}: expected numbers, got "${line}"`);
    const id = p[0] as number;
    if (section === 'NODE_COORD_SECTION') coords.set(id, [p[1] as number, p[2] as number]);
    else if (section === 'DEMAND_SECTION') demand.set(id, p[1] as number);
    else if (section === 'TIME_WINDOW_SECTION') windows.set(id, [p[1] as number, p[2] as number]);
  }
  const service = Number(header.get('SERVICE_TIME') ?? 0);
  const nodes: SolomonNode[] = [...coords.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, [x, y]]) => {
      const w = windows.get(id);
      if (!w) throw new InstanceParseError(`node ${id} has no TIME_WINDOW_SECTION line`);
      // LKH-3 node 1 is the depot (no service); node k+1 is Solomon customer k.
      return { id: id - 1, x, y, demand: demand.get(id) ?? 0, ready: w[0], due: w[1], service: id === 1 ? 0 : service };
    });
  return {
    name: header.get('NAME') ?? '',
    capacity: Number(header.get('CAPACITY') ?? 0),
    vehicles: Number(header.get('VEHICLES') ?? 0),
    nodes,
  };
}

function parseOriginal(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/);
  const name = lines[0]?.trim() ?? '';
  const fleetLine = lines.findIndex((l) => /NUMBER\s+CAPACITY/.test(l));
  const fleet = (lines[fleetLine + 1] ?? '').trim().split(/\s+/).map(Number);
  const start = lines.findIndex((l) => l.includes('CUST NO.'));
  if (start < 0 || fleet.length !== 2)
    throw new InstanceParseError('not a Solomon file: missing the VEHICLE or CUSTOMER header');
  const nodes: SolomonNode[] = [];
  for (const raw of lines.slice(start + 1)) {
    const p = raw.trim().split(/\s+/);
    if (p.length !== 7 || p.some((v) => !/^-?\d+$/.test(v))) continue;
    const [id, x, y, demand, ready, due, service] = p.map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    nodes.push({ id, x, y, demand, ready, due, service });
  }
  if (nodes[0]?.id !== 0) throw new InstanceParseError('the first customer row must be the depot (0)');
  return { name, vehicles: fleet[0] as number, capacity: fleet[1] as number, nodes };
}

/** Total distance of a set of routes (customer ids, depot implicit at both ends), README §3 convention. */
export function solomonRoutesCost(instance: SolomonInstance, routes: readonly (readonly number[])[]): number {
  const depot = instance.nodes[0] as SolomonNode;
  let tenths = 0;
  for (const route of routes) {
    let prev = depot;
    for (const id of [...route, 0]) {
      const node = instance.nodes[id];
      if (!node) throw new InstanceParseError(`route names unknown customer ${id}`);
      tenths += Math.round(solomonDistance(prev, node) * 10);
      prev = node;
    }
  }
  return tenths / 10;
}
