export * from './diagram.ts';
export * from './model.ts';
export * from './not-provided.ts';
