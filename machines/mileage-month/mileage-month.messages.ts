// The mileage-month machine's texts (the reasons and names are the clinician's: a failure is said, never logged).
export const MILEAGE_MONTH_MESSAGES = {
  loading: 'Adding up your drives…',
  loadFailed: 'Your mileage could not be read just now.',
  loadTimedOut: 'No answer in 60 seconds: your mileage could not be read just now.',
  saveFailed: 'That change was not saved: try again.',
  saveTimedOut: 'No answer in 30 seconds: that change may not have been saved. The month is read again.',
} as const;

/** The server's own sentence when it gives one (what to fix), else the general one. */
export function mileageSaveFailure(error: unknown): string {
  const message = (error as { userMessage?: unknown } | null)?.userMessage;
  return typeof message === 'string' && message ? message : MILEAGE_MONTH_MESSAGES.saveFailed;
}
