import { NEW_VERSION_ACTION, NEW_VERSION_MESSAGE } from '@tenantry/shared/version';
import { useSyncExternalStore } from 'react';

/**
 * The new-version notice of the guest pages (the main app shows the same words as a
 * notification): stays until acted on, one action (reload).
 */
let shown = false;
const listeners = new Set<() => void>();

export function showNewVersion(): void {
  shown = true;
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

export function VersionBanner() {
  const visible = useSyncExternalStore(subscribe, () => shown);
  if (!visible) return null;
  return (
    <div className="version-banner" role="status">
      <span>{NEW_VERSION_MESSAGE}</span>
      <button
        type="button"
        className="button button-small"
        onClick={() => window.location.reload()}
      >
        {NEW_VERSION_ACTION}
      </button>
    </div>
  );
}
