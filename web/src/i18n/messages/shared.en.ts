// Texts of the components the dashboard shares with the landing and legal pages (skip link, error boundary).
// They stay out of react-intl's reach (web/src/i18n/shared-text.ts), so the English pages never load it.
export const sharedEn = {
  'app.skipToMain': 'Skip to main content',
  'app.errorTitle': 'Something went wrong',
  'app.errorText': 'This part of the page could not be shown.',
  'app.reload': 'Reload the page',
} as const;
