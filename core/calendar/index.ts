export * from './calendar.types.ts';
export * from './calendar-client.ts';
export * from './events-request.ts';
export * from './google-calendar.ts';
export * from './map-events.ts';
