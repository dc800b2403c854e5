import type { Translation } from '../catalog.ts';
import type { appEn } from './app.en.ts';

export const appEs: Translation<typeof appEn> = {
  'app.loading': 'Cargando...',
  'app.dashboardTitle': 'Panel · HomeRounds',
  'app.dashboardHeading': 'Panel',
  'app.dashboardHeadingFor': 'Panel de {name}',
  'app.skipToAssistant': 'Ir al asistente',
  'menu.account': 'Cuenta',
  'menu.accountFor': 'Menú de la cuenta de {name}',
  'menu.signOut': 'Cerrar sesión',
  'menu.signingOut': 'Cerrando sesión...',
  'menu.language': 'Idioma',
};
