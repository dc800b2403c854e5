#!/usr/bin/env python3
"""OR-Tools side of the routing bench (bench/anchors/ortools.ts): one problem as JSON on stdin, one JSON line out.

Input, either
  {"kind": "tsp", "matrix": [[int]], "seconds": S, "seed": N}                   closed tour from node 0, or
  {"kind": "vrptw", "travel": [[int]], "service": [int], "ready": [int], "due": [int], "demand": [int],
   "capacity": C, "fleet": K, "seconds": S}                                    node 0 the depot.
VRPTW times and distances are integers the caller has already rounded to the tight side (hundredths, legs
rounded up), so a route feasible here is feasible in double precision; the caller re-costs and re-checks it.
Vehicles first: a fixed cost per used vehicle larger than any route. Guided local search until the limit;
every improving solution's time is recorded (time to best). OR-Tools is single-threaded here.

Output: {"solver": "ortools", "version", "routes": [[node]], "seconds", "secondsToBest", "objective"} or
{"error": "..."}.
"""

import json
import sys
import time


def main():
    try:
        import ortools
        from ortools.constraint_solver import pywrapcp, routing_enums_pb2
    except ImportError as e:
        print(json.dumps({"solver": "ortools", "error": f"ortools not importable: {e}"}))
        sys.exit(3)

    p = json.load(sys.stdin)
    tsp = p["kind"] == "tsp"
    travel = p["matrix"] if tsp else p["travel"]
    n = len(travel)
    fleet = 1 if tsp else int(p["fleet"])
    manager = pywrapcp.RoutingIndexManager(n, fleet, 0)
    routing = pywrapcp.RoutingModel(manager)

    def arc(i, j):
        return travel[manager.IndexToNode(i)][manager.IndexToNode(j)]

    arc_cb = routing.RegisterTransitCallback(arc)
    routing.SetArcCostEvaluatorOfAllVehicles(arc_cb)

    if not tsp:
        service = p["service"]

        def time_cb(i, j):
            a = manager.IndexToNode(i)
            return service[a] + travel[a][manager.IndexToNode(j)]

        t_cb = routing.RegisterTransitCallback(time_cb)
        horizon = int(p["due"][0])
        routing.AddDimension(t_cb, horizon, horizon, False, "Time")
        dim = routing.GetDimensionOrDie("Time")
        for node in range(1, n):
            dim.CumulVar(manager.NodeToIndex(node)).SetRange(int(p["ready"][node]), int(p["due"][node]))
        for v in range(fleet):
            dim.CumulVar(routing.Start(v)).SetRange(0, horizon)
            dim.CumulVar(routing.End(v)).SetRange(0, horizon)
        demand = p["demand"]
        d_cb = routing.RegisterUnaryTransitCallback(lambda i: demand[manager.IndexToNode(i)])
        routing.AddDimensionWithVehicleCapacity(d_cb, 0, [int(p["capacity"])] * fleet, True, "Load")
        longest = max(max(row) for row in travel)
        routing.SetFixedCostOfAllVehicles(2 * n * (longest + 1))

    progress = []
    started = time.process_time()
    routing.AddAtSolutionCallback(lambda: progress.append((routing.CostVar().Max(), time.process_time() - started)))

    params = pywrapcp.DefaultRoutingSearchParameters()
    params.first_solution_strategy = routing_enums_pb2.FirstSolutionStrategy.PATH_CHEAPEST_ARC
    params.local_search_metaheuristic = routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
    params.time_limit.FromMilliseconds(int(1000 * float(p["seconds"])))
    solution = routing.SolveWithParameters(params)
    elapsed = time.process_time() - started
    if solution is None:
        print(json.dumps({"solver": "ortools", "error": "no solution within the limit"}))
        return
    routes = []
    for v in range(fleet):
        i = routing.Start(v)
        route = []
        while not routing.IsEnd(i):
            node = manager.IndexToNode(i)
            if node != 0 or tsp:
                route.append(node)
            i = solution.Value(routing.NextVar(i))
        if tsp or route:
            routes.append(route)
    objective = solution.ObjectiveValue()
    to_best = next((t for c, t in progress if c <= objective), None)
    print(
        json.dumps(
            {
                "solver": "ortools",
                "version": getattr(ortools, "__version__", "unknown"),
                "routes": routes,
                "seconds": elapsed,
                "secondsToBest": to_best,
                "objective": objective,
            }
        )
    )


if __name__ == "__main__":
    main()
