// The local platform's input layer (emulators/input.ts), by example: strict RFC 3339 and dates, strings
// Postgres cannot store, JSON depth measured without recursion, paging numbers.
import { describe, expect, it } from 'vitest';
import {
  bodyProblem,
  isValidDate,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseRfc3339,
  queryProblem,
  stringProblem,
} from '../../../emulators/input.ts';

describe('parseRfc3339', () => {
  it('accepts real instants with an offset and agrees with Date.parse on them', () => {
    for (const value of [
      '2026-11-23T09:00:00-06:00',
      '2026-11-23T09:00:00.123456789Z',
      '2028-02-29T00:00:00z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2026-11-23T00:00:00+14:00',
    ]) {
      expect(parseRfc3339(value), value).toBe(Date.parse(value.replace(/(\.\d{3})\d+/, '$1').toUpperCase()));
    }
  });

  it('refuses impossible days, out-of-range instants and loose syntax', () => {
    for (const value of [
      '2026-02-30T00:00:00Z',
      '2027-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      '0001-01-01T00:00:00+00:01',
      '2026-11-23T24:00:00Z',
      '2026-11-23T23:60:00Z',
      '2026-11-23T23:00:60Z',
      '2026-11-23T09:00:00',
      '2026-11-23 09:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2026-11-23T09:00:00+24:00',
    ]) {
      expect(parseRfc3339(value), value).toBeUndefined();
    }
  });

  it('checks dates the same way', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('0000-01-01')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
  });
});

describe('strings, bodies and queries', () => {
  it('refuses NUL, lone surrogates and bad timestamps, keeps everything else', () => {
    expect(stringProblem('a\u0000b')).toMatch(/NUL/);
    expect(stringProblem('\ud800')).toMatch(/surrogate/);
    expect(stringProblem('x\udfff')).toMatch(/surrogate/);
    expect(stringProblem('emoji 😀 ok')).toBeUndefined();
    expect(stringProblem('2026-02-30')).toMatch(/Invalid date/);
    expect(stringProblem('Meet on 2026-02-30?')).toBeUndefined();
    expect(stringProblem('2026-11-23')).toBeUndefined();
  });

  it('measures depth on the text, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"["')).toBe(0);
    expect(jsonDepth('['.repeat(1_000_000))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('judges JSON and form bodies, and leaves invalid JSON to the routes', () => {
    expect(bodyProblem('{"a":"\\u0000"}', 'application/json')).toMatch(/NUL/);
    expect(bodyProblem('{"\\ud800":1}', undefined)).toMatch(/surrogate/);
    expect(bodyProblem(`${'['.repeat(65)}${']'.repeat(65)}`, 'application/json')).toMatch(/deeper/);
    expect(bodyProblem(`${'['.repeat(64)}${']'.repeat(64)}`, 'application/json')).toBeUndefined();
    expect(bodyProblem('{"start":{"date":"2026-02-30"}}', 'application/json')).toMatch(/Invalid date/);
    expect(bodyProblem('{"broken":', 'application/json')).toBeUndefined();
    expect(bodyProblem('a=%00', 'application/x-www-form-urlencoded')).toMatch(/NUL/);
    expect(bodyProblem('a=b&c=d', 'application/x-www-form-urlencoded')).toBeUndefined();
    expect(bodyProblem('plain\u0000text', 'text/plain')).toMatch(/NUL/);
  });

  it('bounds paging numbers and leaves non-numbers to the routes', () => {
    expect(queryProblem(new URLSearchParams('limit=1e20'))).toMatch(/out of range/);
    expect(queryProblem(new URLSearchParams('page=99999999999'))).toMatch(/out of range/);
    expect(queryProblem(new URLSearchParams('maxResults=-99999999999'))).toMatch(/out of range/);
    expect(queryProblem(new URLSearchParams('limit=10&offset=0&maxResults=2500'))).toBeUndefined();
    expect(queryProblem(new URLSearchParams('limit=abc'))).toBeUndefined();
    expect(queryProblem(new URLSearchParams('email=eq.%00'))).toMatch(/NUL/);
  });
});
