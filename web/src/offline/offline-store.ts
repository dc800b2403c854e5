// The copy of the dashboard's data kept on the device for reading without signal (docs/offline.md): the schedule of
// the next days and the patient list, in IndexedDB, encrypted at rest with AES-GCM under a key generated for the
// signed-in clinician. The key is non-extractable (WebCrypto): it is kept in IndexedDB as a CryptoKey that script can
// use but never read out. Each record gets a fresh 96-bit IV and is bound to its owner and kind (additional data), so
// a record copied under another name or user does not decrypt. One clinician's data at a time: saving for another user
// wipes everything first. clear() at sign-out leaves the database empty. Nothing here logs, and nothing goes to
// localStorage or Cache Storage.

export type KeptKind = 'schedule' | 'patients';

export interface KeptCopy<T> {
  value: T;
  /** When the data was fetched (ISO 8601, the app's clock). */
  savedAt: string;
}

export interface OfflineStore {
  save<T>(userId: string, kind: KeptKind, value: T, savedAt: string): Promise<void>;
  /** The kept copy of `kind` for this user, or null (none, another user's, or unreadable). */
  read<T>(userId: string, kind: KeptKind): Promise<KeptCopy<T> | null>;
  /** Removes every record and key (sign-out, a session ended elsewhere). */
  clear(): Promise<void>;
  /** Another clinician signed in on this device: everything kept for someone else is removed. */
  forgetOthers(userId: string): Promise<void>;
}

export const OFFLINE_DB_NAME = 'homerounds-offline';
const STORE = 'kept';
const OWNER = 'owner';
const KEY = 'key';

interface KeyRecord {
  userId: string;
  key: CryptoKey;
}

interface SealedRecord {
  userId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export interface OfflineStoreOptions {
  indexedDB?: IDBFactory;
  crypto?: Crypto;
  name?: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function createOfflineStore(options: OfflineStoreOptions = {}): OfflineStore {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const webCrypto = options.crypto ?? globalThis.crypto;
  const name = options.name ?? OFFLINE_DB_NAME;
  let opening: Promise<IDBDatabase> | null = null;

  function open(): Promise<IDBDatabase> {
    if (!factory) return Promise.reject(new Error('IndexedDB is unavailable'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        // Another tab deleting or upgrading the database: let it, and open again next time.
        req.result.onversionchange = () => {
          req.result.close();
          opening = null;
        };
        resolve(req.result);
      };
      req.onerror = () => {
        opening = null;
        reject(req.error);
      };
    });
    return opening;
  }

  async function get<T>(key: string): Promise<T | undefined> {
    const db = await open();
    return request(db.transaction(STORE).objectStore(STORE).get(key)) as Promise<T | undefined>;
  }

  /** The user's key, made (and everything of another user wiped) when the device holds none for them. */
  async function keyFor(userId: string): Promise<CryptoKey> {
    const kept = await get<KeyRecord>(KEY);
    if (kept?.userId === userId) return kept.key;
    const key = await webCrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const db = await open();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    store.clear();
    store.put({ userId, key } satisfies KeyRecord, KEY);
    store.put(userId, OWNER);
    await done(tx);
    return key;
  }

  async function clear(): Promise<void> {
    const db = await open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).clear();
    await done(tx);
  }

  const boundTo = (userId: string, kind: KeptKind) => encoder.encode(`homerounds-offline:${userId}:${kind}`);

  return {
    async save(userId, kind, value, savedAt) {
      const key = await keyFor(userId);
      const iv = webCrypto.getRandomValues(new Uint8Array(12));
      const plain = encoder.encode(JSON.stringify({ savedAt, value }));
      const data = await webCrypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: boundTo(userId, kind) },
        key,
        plain,
      );
      const db = await open();
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({ userId, iv, data } satisfies SealedRecord, kind);
      await done(tx);
    },

    async read<T>(userId: string, kind: KeptKind) {
      const [kept, sealed] = await Promise.all([get<KeyRecord>(KEY), get<SealedRecord>(kind)]);
      if (!kept || kept.userId !== userId || !sealed || sealed.userId !== userId) return null;
      try {
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.iv, additionalData: boundTo(userId, kind) },
          kept.key,
          sealed.data,
        );
        return JSON.parse(decoder.decode(plain)) as KeptCopy<T>;
      } catch {
        return null; // Tampered with or from another key: as good as none.
      }
    },

    clear,

    async forgetOthers(userId) {
      const owner = await get<string>(OWNER);
      if (owner !== undefined && owner !== userId) await clear();
    },
  };
}
