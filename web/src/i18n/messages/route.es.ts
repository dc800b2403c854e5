import type { Translation } from '../catalog.ts';
import type { routeEn } from './route.en.ts';

export const routeEs: Translation<typeof routeEn> = {};
