// The patient-list machine's texts (names and notes are health data: a failure is said, never logged).
export const PATIENT_LIST_MESSAGES = {
  loading: 'Loading your patients…',
  loadFailed: 'Your patient list could not be loaded just now.',
  saveFailed: 'That change was not saved: try again.',
  saveTimedOut: 'No answer in 15 seconds: that change may not have been saved. The list is read again.',
} as const;

/** The store's own sentence when it gives one (a constraint the database refused), else the general one. */
export function saveFailure(error: unknown): string {
  const message = (error as { userMessage?: unknown } | null)?.userMessage;
  return typeof message === 'string' && message ? message : PATIENT_LIST_MESSAGES.saveFailed;
}
