import type { Translation } from '../catalog.ts';
import type { offlineEn } from './offline.en.ts';

export const offlineEs: Translation<typeof offlineEn> = {
  'offline.updatedAt': 'Sin conexión — actualizado a las {time}',
  'offline.nothingKept': 'Sin conexión — todavía no se ha guardado nada en este dispositivo.',
  'offline.assistantNeedsConnection': 'No tiene conexión: el asistente necesita conexión a internet.',
  'offline.orderNeedsConnection': 'No tiene conexión: para mover visitas se necesita conexión a internet.',
  'offline.patientsNeedsConnection':
    'No tiene conexión: para agregar o cambiar pacientes se necesita conexión a internet.',
} as const;
