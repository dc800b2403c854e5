// `homerounds mileage --clinician <email> --month YYYY-MM`: the clinician's mileage log as the dashboard shows it,
// from the platform's `mileage` function (the same answer the Mileage view gets, with a session the local platform
// mints for the seeded clinician), printed as a table, the dashboard's CSV (core/mileage/csv.ts: byte for byte the
// file "Download CSV" saves) or JSON.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { MileageError, requestMileage } from '../../core/mileage/contract.ts';
import { mileageCsv, stopText } from '../../core/mileage/csv.ts';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import { parseMonthOption } from '../commands/mileage-options.ts';
import { CliError, EXIT } from '../errors.ts';
import { renderTable } from '../output/table.ts';
import { LOCAL_TIMEOUT_MS, localUnreachable } from './local.ts';

/** The month's log from the local platform's `mileage` function, for a seeded clinician. */
export async function mileageForClinician(opts: {
  baseUrl: string;
  email: string;
  month: string;
  fetch?: typeof fetch;
}): Promise<MileageMonth> {
  parseMonthOption(opts.month);
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  let minted: Response;
  try {
    minted = await doFetch(`${opts.baseUrl}/__local/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: opts.email }),
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
  } catch (error) {
    throw localUnreachable(opts.baseUrl, error);
  }
  if (minted.status === 404) {
    await minted.body?.cancel();
    throw new CliError(`No seeded clinician ${opts.email} on the local platform.`, EXIT.notFound);
  }
  if (!minted.ok) {
    await minted.body?.cancel();
    throw new CliError(`The local platform refused a session for ${opts.email} (${minted.status}).`, EXIT.auth);
  }
  const { access_token } = (await minted.json()) as { access_token?: unknown };
  const ask = () =>
    requestMileage({
      supabaseUrl: opts.baseUrl,
      anonKey: LOCAL_ANON_KEY,
      accessToken: typeof access_token === 'string' ? access_token : null,
      fetch: doFetch,
      request: { month: opts.month },
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS * 4),
    });
  try {
    try {
      return await ask();
    } catch (error) {
      // No Google grant on the server yet (the clinician never signed in there): the local platform stores the one a
      // sign-in would leave (read-only calendar access), and the month is asked once more.
      if (!(error instanceof MileageError && error.code === 'reauth_required')) throw error;
      const granted = await doFetch(`${opts.baseUrl}/__local/google-grants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: opts.email }),
        signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
      });
      await granted.body?.cancel();
      if (!granted.ok) throw error;
      return await ask();
    }
  } catch (error) {
    if ((error as { name?: string })?.name === 'TimeoutError') throw localUnreachable(opts.baseUrl, error);
    if (error instanceof MileageError) {
      const said = error.userMessage ? `: ${error.userMessage}` : '';
      if (error.status === 0) throw localUnreachable(opts.baseUrl, error);
      throw new CliError(
        `The mileage function answered ${error.status}${said}`,
        error.status === 401 ? EXIT.auth : EXIT.error,
      );
    }
    throw error;
  }
}

/** The log for people: one row per day, then the month's totals, the rate and the reimbursement. */
export function formatMileageTable(month: MileageMonth): string {
  const rows = month.days.map((day) => ({
    day: day.day,
    legs: day.legs.map((leg) => `${stopText(leg.from)} → ${stopText(leg.to)}`).join(' · ') || '(no drive)',
    planned: day.plannedMiles.toFixed(1),
    counted: day.upcoming ? 'upcoming' : day.miles.toFixed(1),
    distance: day.roadBased ? 'road' : 'approximate',
    note: day.edit ? `Not driven as planned: ${day.edit.reason}` : '',
  }));
  const table = renderTable(rows, [
    { header: 'Date', value: (r) => r.day },
    { header: 'Planned mi', value: (r) => r.planned, align: 'right' },
    { header: 'Counted mi', value: (r) => r.counted, align: 'right' },
    { header: 'Distance', value: (r) => r.distance },
    { header: 'Note', value: (r) => r.note },
  ]);
  return [
    `Mileage for ${month.month}`,
    '',
    table,
    '',
    `Total: ${month.totalMiles.toFixed(1)} mi (planned ${month.plannedMiles.toFixed(1)} mi) · rate ${month.rate.centsPerMile} cents per mile (${month.rate.note}) · reimbursement $${month.reimbursement.toFixed(2)}`,
    'Days after today are listed as planned and not counted. Legs per day: --format csv or --format json.',
  ].join('\n');
}

/** Writes the output to `out` (relative to the working directory) or returns it for stdout. */
export async function writeMileage(text: string, out: string | undefined, cwd: string): Promise<string | null> {
  if (!out) return text;
  const path = resolve(cwd, out);
  try {
    await writeFile(path, text, 'utf8');
  } catch (error) {
    throw new CliError(`Could not write ${out}: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
  }
  return null;
}

export { mileageCsv };
