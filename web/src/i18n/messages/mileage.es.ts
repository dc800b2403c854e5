import type { Translation } from '../catalog.ts';
import type { mileageEn } from './mileage.en.ts';

export const mileageEs: Translation<typeof mileageEn> = {};
