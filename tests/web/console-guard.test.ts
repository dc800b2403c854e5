// The console guard of tests/web (console-guard.ts): an unexpected console.error fails the test that
// logged it, an allowed one is recorded for the test to check, and an allowance never used fails too.
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from './console-guard.ts';

describe('console guard', () => {
  it.fails('fails a test that logs an unexpected console.error', () => {
    console.error('[schedule] something nobody expected');
  });

  it('lets a test log what it allowed, and shows it the lines', () => {
    const logged = allowConsoleError(/^\[auth\] sign-in failed:/);
    console.error('[auth] sign-in failed:', new Error('popup blocked'));
    expect(logged.calls).toEqual(['[auth] sign-in failed: Error: popup blocked']);
  });

  it.fails('fails a test whose allowance was never used (the error is no longer logged)', () => {
    allowConsoleError(/^\[auth\] sign-in failed:/);
  });

  it.fails('fails on an error the allowance does not match', () => {
    allowConsoleError(/^\[auth\] sign-in failed:/);
    console.error('[auth] sign-in failed:', 'cancelled');
    console.error('[auth] sign-out failed:', 'network down');
  });
});
