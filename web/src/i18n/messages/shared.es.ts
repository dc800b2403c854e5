import type { Translation } from '../catalog.ts';
import type { sharedEn } from './shared.en.ts';

export const sharedEs: Translation<typeof sharedEn> = {
  'app.skipToMain': 'Ir al contenido principal',
  'app.errorTitle': 'Algo salió mal',
  'app.errorText': 'No se pudo mostrar esta parte de la página.',
  'app.reload': 'Volver a cargar la página',
};
