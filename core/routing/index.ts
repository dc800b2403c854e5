// Public names of core/routing.

export * from './calendar-day.ts';
export * from './compare.ts';
export * from './day-plan.ts';
export { evaluateRoute } from './evaluate.ts';
export { EXACT_MAX_VISITS } from './exact-dp.ts';
export { explainUnservable } from './explain.ts';
export { parseSolomon, type SolomonInstance, solomonRoutesCost } from './instances/solomon.ts';
export * from './instances/solve-instance.ts';
export { InstanceParseError, parseTsplib, type TsplibInstance, tsplibTourLength } from './instances/tsplib.ts';
export { parseTsptw, type TsptwInstance, tsptwTourCost } from './instances/tsptw.ts';
export * from './model.ts';
export * from './move-rule.ts';
export * from './plan-day.ts';
export { DEFAULT_EXACT_MAX_VISITS, DEFAULT_TIME_LIMIT_MS, solveRoute } from './solve.ts';
export * from './travel/haversine.ts';
export * from './travel/lookup.ts';
export * from './travel/osrm-table.ts';
export * from './travel/provider.ts';
export * from './vrptw/dispatch-compare.ts';
export * from './vrptw/dispatch-input.ts';
export { type DispatchOptions, dispatchProblem } from './vrptw/dispatch-problem.ts';
export {
  type DispatchReport,
  type DispatchRoute,
  type DispatchStop,
  dispatch,
  formatDispatchReport,
} from './vrptw/dispatch-report.ts';
export * from './vrptw/model.ts';
export * from './vrptw/solomon.ts';
export { DEFAULT_VRPTW_TIME_LIMIT_MS, solveVrptw } from './vrptw/solve.ts';
