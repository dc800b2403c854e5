#!/usr/bin/env python3
"""PyVRP side of bench/routing.bench.ts: solves one Solomon VRPTW file (original text or LKH-3 .vrptw) with
PyVRP's public Model API for a time limit and prints one JSON object on stdout.

Conventions are kept honest (README §3 of ../shared/benchmarks/routing): PyVRP works on integers, so
  - truncated: every edge is floor(10 * euclid) in tenths, exactly the file's convention (costs / 10);
  - double: every edge is round(1000 * euclid) (thousandths), and the distance printed is recomputed from the
    routes in double precision, with feasibility re-checked in double precision (rounding could admit a route
    that is a hair late).
Objective `vehicles-then-distance` gives each vehicle a fixed cost larger than any distance difference, so
PyVRP minimises routes first. The routes printed are Solomon customer numbers (depot implicit).

Usage: solve.py FILE --seconds S [--seed N] [--convention truncated|double] [--objective distance|vehicles-then-distance]
"""

import argparse
import json
import math
import re
import sys
import time


def parse_solomon(text):
    """Depot first; nodes are dicts with x, y, demand, ready, due, service. Returns (capacity, fleet, nodes, lkh)."""
    if "NODE_COORD_SECTION" in text:
        header, coords, demand, windows, section = {}, {}, {}, {}, ""
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line == "EOF":
                continue
            if re.fullmatch(r"[A-Z_]+_SECTION", line):
                section = line
                continue
            if not section:
                key, _, value = line.partition(":")
                header[key.strip()] = value.strip()
                continue
            p = line.split()
            if section == "NODE_COORD_SECTION":
                coords[int(p[0])] = (float(p[1]), float(p[2]))
            elif section == "DEMAND_SECTION":
                demand[int(p[0])] = int(p[1])
            elif section == "TIME_WINDOW_SECTION":
                windows[int(p[0])] = (int(p[1]), int(p[2]))
        service = int(header.get("SERVICE_TIME", "0"))
        nodes = [
            {
                "x": coords[i][0],
                "y": coords[i][1],
                "demand": demand.get(i, 0),
                "ready": windows[i][0],
                "due": windows[i][1],
                "service": 0 if i == 1 else service,
            }
            for i in sorted(coords)
        ]
        return int(header.get("CAPACITY", "0")), len(nodes) - 1, nodes, True
    lines = text.splitlines()
    fleet_line = next(i for i, l in enumerate(lines) if re.search(r"NUMBER\s+CAPACITY", l))
    fleet, capacity = (int(v) for v in lines[fleet_line + 1].split())
    nodes = []
    for raw in lines[next(i for i, l in enumerate(lines) if "CUST NO." in l) + 1 :]:
        p = raw.split()
        if len(p) == 7 and all(re.fullmatch(r"-?\d+", v) for v in p):
            _, x, y, d, ready, due, service = (int(v) for v in p)
            nodes.append({"x": x, "y": y, "demand": d, "ready": ready, "due": due, "service": service})
    return capacity, fleet, nodes, False


def euclid(a, b):
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


def file_distance(convention):
    if convention == "double":
        return euclid
    return lambda a, b: math.floor(10 * euclid(a, b) + 1e-9) / 10


def check(nodes, capacity, routes, dist):
    """The solution recomputed in the file's own convention: (distance, problems)."""
    depot, problems, seen, total = nodes[0], [], set(), 0.0
    for r, route in enumerate(routes):
        t, load, prev = depot["ready"], 0, depot
        for c in route:
            node = nodes[c]
            seen.add(c)
            total += dist(prev, node)
            t = max(t + dist(prev, node), node["ready"])
            if t > node["due"] + 1e-6:
                problems.append(f"route {r + 1}: customer {c} starts at {t:.3f} > due {node['due']}")
            t += node["service"]
            load += node["demand"]
            prev = node
        total += dist(prev, depot)
        if t + dist(prev, depot) > depot["due"] + 1e-6:
            problems.append(f"route {r + 1}: back after {depot['due']}")
        if load > capacity:
            problems.append(f"route {r + 1}: load {load} > capacity {capacity}")
    missing = [c for c in range(1, len(nodes)) if c not in seen]
    if missing:
        problems.append(f"customers not visited: {missing[:10]}")
    return total, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--seconds", type=float, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--convention", choices=["truncated", "double"], default="truncated")
    ap.add_argument("--objective", choices=["distance", "vehicles-then-distance"], default="vehicles-then-distance")
    args = ap.parse_args()

    import pyvrp
    from pyvrp import Model
    from pyvrp.stop import MaxRuntime

    with open(args.file, encoding="utf-8") as f:
        capacity, fleet, nodes, lkh = parse_solomon(f.read())
    # As our solver: LKH-3 files' VEHICLES is LKH-3's route count, not a fleet; the original files' 25 is real.
    if lkh:
        fleet = len(nodes) - 1
    scale = 10 if args.convention == "truncated" else 1000
    edge = (
        (lambda a, b: math.floor(10 * euclid(a, b) + 1e-9))
        if args.convention == "truncated"
        else (lambda a, b: round(1000 * euclid(a, b)))
    )
    max_edge = max(edge(a, b) for a in nodes for b in nodes)
    fixed = 2 * len(nodes) * (max_edge + 1) if args.objective == "vehicles-then-distance" else 0

    m = Model()
    depot = nodes[0]
    m.add_vehicle_type(num_available=fleet, capacity=capacity, fixed_cost=fixed)
    locs = [m.add_depot(x=depot["x"], y=depot["y"], tw_early=depot["ready"] * scale, tw_late=depot["due"] * scale)]
    for c in nodes[1:]:
        locs.append(
            m.add_client(
                x=c["x"],
                y=c["y"],
                delivery=c["demand"],
                service_duration=c["service"] * scale,
                tw_early=c["ready"] * scale,
                tw_late=c["due"] * scale,
            )
        )
    for i, a in enumerate(nodes):
        for j, b in enumerate(nodes):
            if i != j:
                d = edge(a, b)
                m.add_edge(locs[i], locs[j], distance=d, duration=d)

    t0 = time.perf_counter()
    result = m.solve(stop=MaxRuntime(args.seconds), seed=args.seed, display=False)
    elapsed = time.perf_counter() - t0
    # Client k of the model is location k (one depot first), i.e. Solomon customer k.
    routes = [[int(v) for v in route.visits()] for route in result.best.routes() if len(route.visits()) > 0]
    total, problems = check(nodes, capacity, routes, file_distance(args.convention))
    if len(routes) > fleet:
        problems.append(f"{len(routes)} routes > fleet {fleet}")
    distance = round(total, 1) if args.convention == "truncated" else round(total, 2)
    print(
        json.dumps(
            {
                "solver": "pyvrp",
                "version": getattr(pyvrp, "__version__", "unknown"),
                "file": args.file,
                "convention": args.convention,
                "objective": args.objective,
                "seed": args.seed,
                "timeLimitS": args.seconds,
                "seconds": elapsed,
                "vehicles": len(routes),
                "distance": distance,
                "feasible": result.is_feasible() and not problems,
                "problems": problems,
                "routes": routes,
            }
        )
    )


if __name__ == "__main__":
    try:
        main()
    except ImportError as e:
        print(json.dumps({"solver": "pyvrp", "error": f"pyvrp not importable: {e}"}))
        sys.exit(3)
