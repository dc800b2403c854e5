// `homerounds route dispatch <file.json>`: assign a day's visits to clinicians (skills, shifts, homes,
// continuity) and order each route. The format is in docs/routing.md ("Agency dispatch").
import type { ProgressListener } from '../../core/routing/progress.ts';
import { validateDispatchInput } from '../../core/routing/vrptw/dispatch-input.ts';
import { type DispatchReport, dispatch } from '../../core/routing/vrptw/dispatch-report.ts';
import { usageError } from '../errors.ts';
import { readDocumentFile } from './input.ts';

export { type DispatchReport, formatDispatchReport } from '../../core/routing/vrptw/dispatch-report.ts';

export async function routeDispatchFromFile(
  file: string,
  options: { timeLimitMs?: number; seed?: number; onProgress?: ProgressListener } = {},
): Promise<DispatchReport> {
  const raw = await readDocumentFile(file);
  let input: ReturnType<typeof validateDispatchInput>;
  try {
    input = validateDispatchInput(raw);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
  return dispatch(input, options);
}
