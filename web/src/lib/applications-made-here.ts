import { readStoredJson, writeStored } from './browser-storage.ts';

/**
 * The applications this browser submitted, by id, until their applicant's portal has confirmed them. An
 * application made signed out waits for its applicant to say it is theirs (anyone could have made it in their
 * e-mail); one made in this browser is theirs without asking, since only this browser knows its id.
 */
const KEY = 'loanmatch.applicationsMadeHere';
const KEPT = 20;

export function applicationsMadeHere(): string[] {
  const ids = readStoredJson('local', KEY);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Remembers an application this browser made (the newest few: an older one is simply asked about). */
export function rememberApplicationMadeHere(id: string): void {
  writeStored('local', KEY, JSON.stringify([id, ...applicationsMadeHere()].slice(0, KEPT)));
}

/** Forgets applications once their applicant has confirmed them. */
export function forgetApplicationsMadeHere(ids: readonly string[]): void {
  const kept = applicationsMadeHere().filter((id) => !ids.includes(id));
  writeStored('local', KEY, kept.length > 0 ? JSON.stringify(kept) : undefined);
}

/** A new application id, or undefined where the browser cannot make one (crypto.randomUUID needs a secure page). */
export function newApplicationId(): string | undefined {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}
