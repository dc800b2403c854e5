// events.list page tokens: the next page's offset, bound to a fingerprint of the query it pages through.
import { createHash } from 'node:crypto';
import { MAX_PAGING_NUMBER } from '../input.ts';
import { badRequest } from './errors.ts';

export interface PageToken {
  o: number;
  q: string;
}

export function queryFingerprint(params: URLSearchParams): string {
  const keys = ['timeMin', 'timeMax', 'singleEvents', 'orderBy', 'q', 'showDeleted', 'updatedMin'];
  return createHash('sha256')
    .update(keys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&'))
    .digest('base64url')
    .slice(0, 12);
}

export function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

export function decodePageToken(raw: string, fingerprint: string): PageToken {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<PageToken>;
    if (
      typeof value.o === 'number' &&
      Number.isSafeInteger(value.o) &&
      value.o >= 0 &&
      value.o <= MAX_PAGING_NUMBER &&
      value.q === fingerprint
    ) {
      return { o: value.o, q: value.q };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid Value', 'invalid', 'pageToken');
}
