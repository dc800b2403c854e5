// The PostgREST stand-in's query builder: whitelisted identifiers, parameterised values, PGRST100 errors.
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../../emulators/rest/routes.ts';

const columns = new Set(['id', 'email', 'full_name']);
const build = (query: string) => buildQuery('profiles', columns, new URLSearchParams(query));

function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { body?: { code?: string } }).body?.code;
  }
  return undefined;
}

describe('buildQuery', () => {
  it('builds a parameterised select with eq filters', () => {
    const q = build('select=*&id=eq.abc');
    expect(q.sql).toBe('select * from public."profiles" where "id" = $1 limit 1000 offset 0');
    expect(q.params).toEqual(['abc']);
    expect(build('select=id,%20email').sql).toContain('select "id", "email" from');
  });

  it('supports neq, gt, is, in, not, order, limit and offset', () => {
    const q = build(
      'email=neq.x&full_name=is.null&id=in.(a,b)&email=not.eq.y&order=email.desc.nullslast&limit=5&offset=2',
    );
    expect(q.sql).toBe(
      'select * from public."profiles" where "email" <> $1 and "full_name" is null and "id"::text = any($2::text[]) and not ("email" = $3) order by "email" desc nulls last limit 5 offset 2',
    );
    expect(q.params).toEqual(['x', ['a', 'b'], 'y']);
  });

  it('keeps values out of the SQL text', () => {
    const q = build("id=eq.'); drop table profiles; --");
    expect(q.sql).not.toContain('drop');
    expect(q.params).toEqual(["'); drop table profiles; --"]);
  });

  it('rejects unknown operators, columns and malformed parameters', () => {
    expect(errorCode(() => build('id=like.x'))).toBe('PGRST100');
    expect(errorCode(() => build('id=abc'))).toBe('PGRST100');
    expect(errorCode(() => build('select=id;drop'))).toBe('PGRST100');
    expect(errorCode(() => build('select=password'))).toBe('42703');
    expect(errorCode(() => build('password=eq.x'))).toBe('42703');
    expect(errorCode(() => build('limit=-1'))).toBe('PGRST100');
    expect(errorCode(() => build('order=email.sideways'))).toBe('PGRST100');
    expect(errorCode(() => build('id=is.maybe'))).toBe('PGRST100');
  });
});
