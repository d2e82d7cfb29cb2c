import { CLIENT_CONFIG_ELEMENT_ID } from '@tenantry/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot } from './boot.tsx';
import { readClientConfig } from './lib/config.ts';
import { CONFIG } from './test/fixtures.ts';
import { allowConsoleError } from './test/setup.ts';

function page(configJson: string | null) {
  document.head.innerHTML =
    configJson === null
      ? ''
      : `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${configJson}</script>`;
  document.body.innerHTML = '<div id="root"></div>';
}

describe('boot', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('reads and validates the config block', () => {
    page(JSON.stringify(CONFIG));
    expect(readClientConfig(document)).toEqual(CONFIG);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{nope'],
    ['invalid', JSON.stringify({ ...CONFIG, profile: 'staging' })],
  ])('a %s config is a boot error: logged, and the app does not mount', (_label, json) => {
    const errors = allowConsoleError();
    page(json);
    expect(boot(document)).toBeNull();
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.[0])).toContain('boot failed');
    expect(document.getElementById('root')?.childElementCount).toBe(0);
  });

  it('mounts with a valid config', async () => {
    page(JSON.stringify(CONFIG));
    const root = boot(document);
    expect(root).not.toBeNull();
    // Signed out (fetch fails in tests → treated as signed out): on to the sign-in page, which
    // the server sends (guest.html), so it is loaded again.
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    expect(
      await screen.findByRole('link', { name: 'open it here' }, { timeout: 5_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    act(() => root?.unmount());
  });
});
