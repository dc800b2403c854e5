import type { Translation } from '../catalog.ts';
import type { offlineEn } from './offline.en.ts';

export const offlineEs: Translation<typeof offlineEn> = {};
