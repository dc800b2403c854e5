import type { Translation } from '../catalog.ts';
import type { patientsEn } from './patients.en.ts';

export const patientsEs: Translation<typeof patientsEn> = {};
