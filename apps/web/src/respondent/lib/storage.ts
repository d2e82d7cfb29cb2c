import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { QueueState, QueueStorage } from './queue.ts';

/**
 * What the page keeps on the device, in IndexedDB (idb-keyval), per link (`{tid}/{ttid}`): the
 * queue of answers not yet saved and the link's token, so that reopening the page (a reload
 * while offline, a new tab) still knows who is answering and sends what is waiting.
 */

let store: UseStore | null = null;
/** Opened on first use, so importing this file touches no database. */
const db = (): UseStore => (store ??= createStore('tenantry-respondent', 'kv'));

const queueKey = (link: string) => `queue:${link}`;
const tokenKey = (link: string) => `token:${link}`;

export function idbQueueStorage(link: string): QueueStorage {
  return {
    load: () => get<QueueState>(queueKey(link), db()),
    save: (state) => set(queueKey(link), state, db()),
  };
}

/** The token kept for a link, or null (also when IndexedDB is not available). */
export async function loadStoredToken(link: string): Promise<string | null> {
  try {
    return (await get<string>(tokenKey(link), db())) ?? null;
  } catch {
    return null;
  }
}

export async function storeToken(link: string, token: string): Promise<void> {
  try {
    await set(tokenKey(link), token, db());
  } catch {
    // Private browsing without IndexedDB: the tab's sessionStorage still has it.
  }
}

export async function forgetToken(link: string): Promise<void> {
  try {
    await del(tokenKey(link), db());
  } catch {
    // nothing kept
  }
}

/** A QueueStorage in memory (tests, and a browser without IndexedDB). */
export function memoryQueueStorage(initial?: QueueState): QueueStorage & { state?: QueueState } {
  const box: QueueStorage & { state?: QueueState } = {
    state: initial && structuredClone(initial),
    load: async () => box.state && structuredClone(box.state),
    save: async (state) => {
      box.state = structuredClone(state);
    },
  };
  return box;
}
