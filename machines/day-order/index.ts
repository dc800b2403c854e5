// The day-order machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createDayOrderActors } from './day-order.actors.ts';
export { dayOrderMachine, ORDER_TIMEOUT_MS } from './day-order.machine.ts';
export { calendarMayHaveChanged, DAY_ORDER_MESSAGES, failureOf } from './day-order.messages.ts';
export * from './day-order.types.ts';
export * from './day-order.view.ts';
