// The mileage log (docs/mileage.md): a day's legs in the calendar's final order from the Route view's own plan, a
// month with totals, the rate and the reimbursement, and the one CSV every face exports.
export * from './csv.ts';
export { mileageDay } from './day.ts';
export { type DayLegsOptions, dayLegs } from './legs.ts';
export type * from './mileage.types.ts';
export * from './month.ts';
export { stopNames } from './names.ts';
export * from './rate.ts';
