// The app's frame: the dashboard page, the header, the user menu, shared components.
export const appEn = {
  'app.loading': 'Loading...',
  'app.dashboardTitle': 'Dashboard · HomeRounds',
  'app.dashboardHeading': 'Dashboard',
  'app.dashboardHeadingFor': 'Dashboard for {name}',
  'app.skipToAssistant': 'Skip to the assistant',
  'app.skipToMain': 'Skip to main content',
  'app.errorTitle': 'Something went wrong',
  'app.errorText': 'This part of the page could not be shown.',
  'app.reload': 'Reload the page',
  'menu.account': 'Account',
  'menu.accountFor': 'Account menu for {name}',
  'menu.signOut': 'Sign out',
  'menu.signingOut': 'Signing out...',
  'menu.language': 'Language',
} as const;
