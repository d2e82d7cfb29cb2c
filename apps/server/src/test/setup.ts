import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * An unexpected console.error fails the test (a test that logs an error it did not expect is hiding a bug). A test that expects one
 * calls allowConsoleError().
 */
const originalError = console.error;
let unexpected: string[] = [];
let allowed = false;

export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  unexpected = [];
  allowed = false;
  console.error = (...args: unknown[]) => {
    originalError(...args);
    if (!allowed) unexpected.push(format(...args));
  };
});

afterEach(() => {
  console.error = originalError;
  if (unexpected.length > 0) {
    const messages = unexpected.join('\n');
    unexpected = [];
    throw new Error(`Unexpected console.error during the test:\n${messages}`);
  }
});
