// Types of scripts/derive-voice-schemas.mjs for the tests that re-derive and compare.
export interface DerivedFile {
  $comment: string;
  derivedOn: string;
  source: Record<string, string>;
  endpoints: Record<string, unknown>;
  $defs: Record<string, unknown>;
}
export const DEFAULT_SOURCE: string;
export const OUTPUT: string;
export function deriveRequestSchemas(document: unknown): Pick<DerivedFile, 'endpoints' | '$defs'>;
export function derivedFile(bytes: Buffer, sourcePath: string, previous?: DerivedFile, today?: string): DerivedFile;
export function comparable(file: DerivedFile): Pick<DerivedFile, 'source' | 'endpoints' | '$defs'>;
