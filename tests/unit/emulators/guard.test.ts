// The host and origin policy of the local platform (emulators/guard.ts), by example.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  createHostPolicy,
  hostnameOfHostHeader,
  isAllowedHostname,
  isCrossSiteWrite,
  isLocalOrigin,
  localHookRefusal,
  parseAllowedHosts,
} from '../../../emulators/guard.ts';

const req = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;

describe('host policy', () => {
  it('allows loopback names by default and the listen address, nothing else', () => {
    const policy = createHostPolicy({ host: '127.0.0.1' });
    for (const name of ['localhost', '127.0.0.1', '[::1]:8787', 'app.localhost', 'localhost.']) {
      expect(isAllowedHostname(policy, hostnameOfHostHeader(name)), name).toBe(true);
    }
    for (const name of ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '0.0.0.0', '[::2]', '', 'a b']) {
      expect(isAllowedHostname(policy, hostnameOfHostHeader(name)), name).toBe(false);
    }
    expect(isAllowedHostname(createHostPolicy({ host: '192.168.1.20' }), '192.168.1.20')).toBe(true);
  });

  it('parses Host headers with ports and IPv6 brackets, refusing malformed ones', () => {
    expect(hostnameOfHostHeader('LocalHost:8787')).toBe('localhost');
    expect(hostnameOfHostHeader('[::1]:8787')).toBe('::1');
    expect(hostnameOfHostHeader('[::1]')).toBe('::1');
    expect(hostnameOfHostHeader('[::1]x')).toBeUndefined();
    expect(hostnameOfHostHeader('[evil]')).toBeUndefined();
    expect(hostnameOfHostHeader('a@b')).toBeUndefined();
    expect(hostnameOfHostHeader(undefined)).toBeUndefined();
  });

  it('requires allowed hosts on every interface, warns and advertises the first name', () => {
    expect(() => createHostPolicy({ host: '0.0.0.0' })).toThrow(/ALLOWED_HOSTS=devbox\.lan/);
    expect(() => createHostPolicy({ host: '::', allowedHosts: ['.lan'] })).toThrow(/ALLOWED_HOSTS/);
    expect(() => createHostPolicy({ host: '0.0.0.0', allowedHosts: ['*'] })).toThrow(/not a host name/);
    const policy = createHostPolicy({
      host: '0.0.0.0',
      allowedHosts: parseAllowedHosts('DevBox.lan, 192.168.1.20 .corp'),
    });
    expect(policy.advertisedHost).toBe('devbox.lan');
    expect(policy.warning).toMatch(/every network interface/);
    expect(isAllowedHostname(policy, 'devbox.lan')).toBe(true);
    expect(isAllowedHostname(policy, 'a.corp')).toBe(true);
    expect(isAllowedHostname(policy, 'corp')).toBe(false);
    expect(isAllowedHostname(policy, '0.0.0.0')).toBe(false);
  });
});

describe('origins', () => {
  const policy = createHostPolicy({ host: '127.0.0.1', localSecret: 's3cret' });

  it('treats loopback origins as local, null and other schemes as foreign', () => {
    expect(isLocalOrigin(policy, 'http://127.0.0.1:8787')).toBe(true);
    expect(isLocalOrigin(policy, 'http://localhost:5173')).toBe(true);
    expect(isLocalOrigin(policy, 'null')).toBe(false);
    expect(isLocalOrigin(policy, 'https://evil.example')).toBe(false);
    expect(isLocalOrigin(policy, 'file://')).toBe(false);
    expect(isLocalOrigin(policy, 'not a url')).toBe(false);
  });

  it('refuses what a cross-site form could send, not what needs a preflight or comes from a non-browser', () => {
    const evil = { origin: 'https://evil.example' };
    expect(isCrossSiteWrite(policy, req('POST', { ...evil, 'content-type': 'text/plain;charset=UTF-8' }))).toBe(true);
    expect(isCrossSiteWrite(policy, req('POST', { ...evil }))).toBe(true);
    expect(isCrossSiteWrite(policy, req('DELETE', { ...evil, 'content-type': 'multipart/form-data' }))).toBe(true);
    expect(isCrossSiteWrite(policy, req('POST', { 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSiteWrite(policy, req('POST', { ...evil, 'content-type': 'application/json' }))).toBe(false);
    expect(isCrossSiteWrite(policy, req('GET', { ...evil }))).toBe(false);
    expect(isCrossSiteWrite(policy, req('POST', { 'content-type': 'text/plain' }))).toBe(false);
    expect(isCrossSiteWrite(policy, req('POST', { origin: 'http://localhost:8787' }))).toBe(false);
  });

  it('lets /__local writes through only as JSON from a local page, a non-browser, or with the secret', () => {
    const json = { 'content-type': 'application/json' };
    expect(localHookRefusal(policy, req('POST', { 'content-type': 'text/plain' }))?.status).toBe(415);
    expect(localHookRefusal(policy, req('POST', { 'content-type': 'application/jsonx' }))?.status).toBe(415);
    expect(localHookRefusal(policy, req('POST', { ...json, origin: 'https://evil.example' }))?.status).toBe(403);
    expect(
      localHookRefusal(
        policy,
        req('POST', { ...json, origin: 'https://evil.example', 'x-homerounds-local-secret': 'nope' }),
      )?.status,
    ).toBe(403);
    expect(
      localHookRefusal(
        policy,
        req('POST', { ...json, origin: 'https://evil.example', 'x-homerounds-local-secret': 's3cret' }),
      ),
    ).toBeUndefined();
    expect(localHookRefusal(policy, req('POST', json))).toBeUndefined();
    expect(localHookRefusal(policy, req('POST', { ...json, origin: 'http://127.0.0.1:8787' }))).toBeUndefined();
    expect(localHookRefusal(policy, req('GET', {}))).toBeUndefined();
  });
});
