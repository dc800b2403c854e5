// Confirmation batch: the failure and plan-note texts it records for the clinician.

export const MISSED_EVENING_FAILURE = 'Calling hours ended before the batch could start';
export const CALENDAR_FAILURE = 'The calendar could not be read';
export const PLATFORM_DOWN_FAILURE = 'The voice platform could not be reached: no calls were placed.';
export const RETRIES_NOT_PLACED_NOTE = 'The no-answers could not be called again';
export const REOPTIMISE_FAILED_NOTE = 'The route could not be re-optimised';
