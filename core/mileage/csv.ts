// The mileage log as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or
// a line break, quotes doubled), the one file the dashboard's "Download CSV" and `homerounds mileage --format csv`
// both produce. Safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or carriage return) is
// prefixed with ' so it is never read as a formula (patient names and reasons are free text). English headings and
// plain numbers (a dot for decimals) so an agency's spreadsheet reads it in any locale.
import { clockText, hhmmToMinutes } from '../time/zoned-time.ts';
import type { MileageMonth, MileageStop } from './mileage.types.ts';

export const MILEAGE_CSV_HEADER = [
  'Date',
  'Leg',
  'From',
  'To',
  'Miles',
  'Minutes',
  'Distance',
  'Commute',
  'Miles counted',
  'Note',
] as const;

/** A cell a spreadsheet will not run: a leading = + - @ tab or CR gets a ' in front. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field (after the formula guard). */
export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (cells: ReadonlyArray<string | number>) => cells.map(csvField).join(',');

/** "Home", or "9:00 AM Rosa Delgado": the booked time and the patient. */
export function stopText(stop: MileageStop): string {
  return stop.kind === 'home' ? 'Home' : `${clockText(hhmmToMinutes(stop.time))} ${stop.patient}`;
}

const miles1 = (miles: number) => miles.toFixed(1);
const minutes0 = (minutes: number) => String(Math.round(minutes));

/** The month's log: a row per leg, a total row per day, then the month's totals, the rate and the reimbursement. */
export function mileageCsv(month: MileageMonth): string {
  const lines = [row(MILEAGE_CSV_HEADER)];
  for (const day of month.days) {
    day.legs.forEach((leg, i) => {
      lines.push(
        row([
          day.day,
          String(i + 1),
          stopText(leg.from),
          stopText(leg.to),
          miles1(leg.miles),
          minutes0(leg.minutes),
          leg.roadBased ? 'road' : 'approximate',
          leg.fromHome ? 'from home' : leg.toHome ? 'to home' : '',
          '',
          '',
        ]),
      );
    });
    const notes = [
      day.upcoming ? 'Planned, not driven yet: not counted' : '',
      day.edit ? `Not driven as planned: ${day.edit.reason}` : '',
      day.countsHomeLegs ? '' : 'Home not known: drives from and back home not counted',
      day.unplaced > 0 ? `${day.unplaced} visit${day.unplaced === 1 ? '' : 's'} not placed on the map` : '',
    ].filter(Boolean);
    lines.push(
      row([
        day.day,
        'Day total',
        '',
        '',
        miles1(day.plannedMiles),
        minutes0(day.plannedMinutes),
        day.roadBased ? 'road' : 'approximate',
        '',
        day.upcoming ? '' : miles1(day.miles),
        notes.join('; '),
      ]),
    );
  }
  lines.push(
    row([
      month.month,
      'Month total',
      '',
      '',
      miles1(month.plannedMiles),
      minutes0(month.totalMinutes),
      '',
      '',
      miles1(month.totalMiles),
      '',
    ]),
  );
  lines.push(
    row([
      month.month,
      'Rate',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      `${month.rate.centsPerMile} cents per mile: ${month.rate.note}`,
    ]),
  );
  lines.push(row([month.month, 'Reimbursement', '', '', '', '', '', '', '', `$${month.reimbursement.toFixed(2)}`]));
  return `${lines.join('\r\n')}\r\n`;
}
