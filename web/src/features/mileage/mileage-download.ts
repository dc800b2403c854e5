// "Download CSV": the month's log as core/mileage's CSV (the very text `homerounds mileage --format csv` prints),
// saved by the browser as mileage-YYYY-MM.csv. The text never leaves the page: a Blob URL, revoked once clicked.
import { mileageCsv } from '../../../../core/mileage/csv.ts';
import type { MileageMonth } from '../../../../core/mileage/mileage.types.ts';

export type SaveFile = (filename: string, text: string) => void;

/** The file name and text "Download CSV" saves for a month. */
export function mileageCsvFile(log: MileageMonth): { filename: string; text: string } {
  return { filename: `mileage-${log.month}.csv`, text: mileageCsv(log) };
}

/** The browser's download: a temporary link to a Blob. */
export const browserSaveFile: SaveFile = (filename, text) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
