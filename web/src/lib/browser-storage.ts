/**
 * The browser's local or session storage, for what the app keeps between reloads (drafts).
 * A browser may refuse storage (a private window's quota, a policy that blocks it, even reading
 * `sessionStorage` itself can throw): then nothing is read, the write says so, and the page still works.
 */
type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage {
  return kind === 'local' ? localStorage : sessionStorage;
}

/** The text kept under the key; undefined when there is none or storage cannot be read. */
export function readStored(kind: StorageKind, key: string): string | undefined {
  try {
    return storageOf(kind).getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The JSON value kept under the key; undefined when there is none, it cannot be read or it is not JSON. */
export function readStoredJson(kind: StorageKind, key: string): unknown {
  const text = readStored(kind, key);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Keeps the text under the key, or forgets the key (undefined). False when the browser refused. */
export function writeStored(kind: StorageKind, key: string, text: string | undefined): boolean {
  try {
    if (text === undefined) storageOf(kind).removeItem(key);
    else storageOf(kind).setItem(key, text);
    return true;
  } catch {
    return false;
  }
}
