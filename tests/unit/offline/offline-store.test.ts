// The copy kept on the device for offline reading (web/src/offline/offline-store.ts): encrypted at rest (what
// IndexedDB holds shows no patient's name or phone), one clinician's at a time, nothing left after sign-out.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createOfflineStore, OFFLINE_DB_NAME } from '../../../web/src/offline/offline-store.ts';

const VISITS = [
  {
    id: 'evt-1',
    title: 'PT eval - Rosa Delgado',
    location: '1200 Oak St, Springfield',
    description: 'Call first: (217) 555-0142',
    start: '2026-12-01T15:00:00.000Z',
    end: '2026-12-01T16:00:00.000Z',
  },
];
const SAVED_AT = '2026-12-01T14:05:00.000Z';

/** Every value the database holds, as raw bytes and strings (what a thief copying the profile would read). */
async function rawDump(factory: IDBFactory): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(OFFLINE_DB_NAME);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const names = [...db.objectStoreNames];
  const parts: string[] = [];
  for (const name of names) {
    const values = await new Promise<unknown[]>((resolve, reject) => {
      const req = db.transaction(name).objectStore(name).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    for (const value of values) {
      parts.push(
        JSON.stringify(value, (_key, v) => {
          if (v instanceof ArrayBuffer) return new TextDecoder('latin1').decode(v);
          if (ArrayBuffer.isView(v)) return new TextDecoder('latin1').decode(v as Uint8Array);
          return v;
        }),
      );
    }
  }
  db.close();
  return parts.join('\n');
}

async function count(factory: IDBFactory): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(OFFLINE_DB_NAME);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const n = await new Promise<number>((resolve) => {
    const req = db.transaction('kept').objectStore('kept').count();
    req.onsuccess = () => resolve(req.result);
  });
  db.close();
  return n;
}

describe('offline store', () => {
  it('gives the clinician back what was kept, with the time it was saved', async () => {
    const store = createOfflineStore({ indexedDB: new IDBFactory() });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    expect(await store.read('user-a', 'schedule')).toEqual({ value: VISITS, savedAt: SAVED_AT });
    expect(await store.read('user-a', 'patients')).toBeNull();
  });

  it('holds no patient name, phone, address or time in clear', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    await store.save('user-a', 'patients', [{ full_name: 'Rosa Delgado', phone: '+12175550142' }], SAVED_AT);
    const raw = await rawDump(factory);
    expect(raw.length).toBeGreaterThan(100);
    for (const secret of ['Rosa', 'Delgado', '555-0142', '2175550142', 'Oak St', 'PT eval', SAVED_AT]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('each record has its own IV: the same data saved twice is stored differently', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    const first = await rawDump(factory);
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    expect(await rawDump(factory)).not.toBe(first);
  });

  it('a second clinician cannot read the first’s copy, and signing in as them removes it', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    expect(await store.read('user-b', 'schedule')).toBeNull();
    await store.forgetOthers('user-a');
    expect(await store.read('user-a', 'schedule')).not.toBeNull();
    await store.forgetOthers('user-b');
    expect(await store.read('user-a', 'schedule')).toBeNull();
    expect(await count(factory)).toBe(0);
  });

  it('saving for another clinician wipes the first’s data and key first', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    await store.save('user-a', 'patients', [{ full_name: 'Rosa Delgado' }], SAVED_AT);
    await store.save('user-b', 'schedule', [], SAVED_AT);
    expect(await store.read('user-a', 'schedule')).toBeNull();
    expect(await store.read('user-a', 'patients')).toBeNull();
    expect(await store.read('user-b', 'schedule')).toEqual({ value: [], savedAt: SAVED_AT });
  });

  it('a record moved to another kind or user does not decrypt', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    // Copy the sealed schedule record under "patients" by hand.
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = factory.open(OFFLINE_DB_NAME);
      req.onsuccess = () => resolve(req.result);
    });
    const sealed = await new Promise<unknown>((resolve) => {
      const req = db.transaction('kept').objectStore('kept').get('schedule');
      req.onsuccess = () => resolve(req.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('kept', 'readwrite');
      tx.objectStore('kept').put(sealed, 'patients');
      tx.oncomplete = () => resolve();
    });
    db.close();
    expect(await store.read('user-a', 'patients')).toBeNull();
  });

  it('the key cannot be exported', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = factory.open(OFFLINE_DB_NAME);
      req.onsuccess = () => resolve(req.result);
    });
    const kept = await new Promise<{ key: CryptoKey }>((resolve) => {
      const req = db.transaction('kept').objectStore('kept').get('key');
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    expect(kept.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', kept.key)).rejects.toThrow();
  });

  it('sign-out leaves nothing: no record, no key', async () => {
    const factory = new IDBFactory();
    const store = createOfflineStore({ indexedDB: factory });
    await store.save('user-a', 'schedule', VISITS, SAVED_AT);
    await store.save('user-a', 'patients', [{ full_name: 'Rosa Delgado' }], SAVED_AT);
    await store.clear();
    expect(await count(factory)).toBe(0);
    expect(await store.read('user-a', 'schedule')).toBeNull();
  });
});
