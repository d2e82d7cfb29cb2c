import { useState } from 'react';

/** Where a hidden checklist is remembered, per account, on this browser. */
export const dismissalKey = (accountId: string) => `tenantry.gettingStarted.hidden.${accountId}`;

function read(key: string | null): boolean {
  if (!key) return false;
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false; // storage blocked: the checklist shows
  }
}

/**
 * Whether the person hid the getting-started checklist for this account (on this browser), and
 * the way to hide it or show it again. `null` while the account is unknown: not hidden.
 */
export function useChecklistHidden(accountId: string | null) {
  const key = accountId ? dismissalKey(accountId) : null;
  const [hiddenFor, setHiddenFor] = useState<Record<string, boolean>>({});
  const hidden = key ? (hiddenFor[key] ?? read(key)) : false;
  const setHidden = (value: boolean) => {
    if (!key) return;
    try {
      if (value) window.localStorage.setItem(key, '1');
      else window.localStorage.removeItem(key);
    } catch {
      // storage blocked: hidden for this visit only
    }
    setHiddenFor((m) => ({ ...m, [key]: value }));
  };
  return { hidden, setHidden };
}
