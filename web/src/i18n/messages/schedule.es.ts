import type { Translation } from '../catalog.ts';
import type { scheduleEn } from './schedule.en.ts';

export const scheduleEs: Translation<typeof scheduleEn> = {};
