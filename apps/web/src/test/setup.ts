import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy…/waitFor wait for a result (they return as soon as it is there): on a machine busy
// with the server suite, a second is not always enough for a screen to settle.
configure({ asyncUtilTimeout: 10_000 });

// --- Browser APIs Mantine needs and happy-dom lacks -------------------------------------
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (typeof window.ResizeObserver !== 'function') {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });
// Textarea autosize listens for web fonts loading.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// --- An unexpected console.error fails the test ----------------------------------------
let consoleErrors: unknown[][] = [];
let allowed = false;

/** Call in a test that expects console.error (a boot failure, for instance). */
export function allowConsoleError(): unknown[][] {
  allowed = true;
  return consoleErrors;
}

beforeEach(() => {
  // No test reaches the network: a test that needs answers stubs fetch itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`Unexpected fetch in a test: ${String(input)}`);
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: vi.fn(() => true),
  });
  consoleErrors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // What a test left in storage (e.g. the last session, features/auth/lib/last-session.ts).
  window.localStorage.clear();
  const errors = consoleErrors;
  const wasAllowed = allowed;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: vi.fn(() => true),
  });
  consoleErrors = [];
  allowed = false;
  if (errors.length > 0 && !wasAllowed) {
    const text = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});
