// The app's frame: the dashboard page, the header, the user menu, shared components.
export const appEn = {
  'app.loading': 'Loading...',
  'app.dashboardTitle': 'Dashboard · HomeRounds',
  'app.dashboardHeading': 'Dashboard',
  'app.dashboardHeadingFor': 'Dashboard for {name}',
  'app.skipToAssistant': 'Skip to the assistant',
  'menu.account': 'Account',
  'menu.accountFor': 'Account menu for {name}',
  'menu.signOut': 'Sign out',
  'menu.signingOut': 'Signing out...',
  'menu.language': 'Language',
} as const;
