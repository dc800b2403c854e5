import type { Translation } from '../catalog.ts';
import type { assistantEn } from './assistant.en.ts';

export const assistantEs: Translation<typeof assistantEn> = {};
