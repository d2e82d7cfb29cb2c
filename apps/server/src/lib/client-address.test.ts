import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.ts';
import { clientAddress, trustedProxyList } from './client-address.ts';

const lb = trustedProxyList(['10.0.0.0/8', '127.0.0.1', 'fd00::/8'])!;

describe('the client address', () => {
  it('is the TCP peer without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', null)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, null)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.1', lb)).toBeUndefined();
  });

  it('behind a trusted proxy, is the nearest hop that is not a proxy', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', lb)).toBe('198.51.100.1');
    // Two proxies in a row, and an address the client made up on the left.
    expect(clientAddress('10.0.0.5', '1.1.1.1, 198.51.100.1, 10.0.3.4', lb)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '2001:db8::7', lb)).toBe('2001:db8::7');
    expect(clientAddress('fd00::1', '::ffff:198.51.100.2', lb)).toBe('198.51.100.2');
  });

  it('does not believe the header from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.1', lb)).toBe('203.0.113.9');
  });

  it('stops at garbage, and falls back to the peer when the proxy sent nothing usable', () => {
    expect(clientAddress('10.0.0.5', 'not-an-ip', lb)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', 'nonsense, 10.0.0.9', lb)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.5', '', lb)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '10.0.0.7, 10.0.0.8', lb)).toBe('10.0.0.7');
  });

  it('TRUSTED_PROXIES takes addresses and CIDR ranges, and refuses anything else', () => {
    expect(
      loadConfig({ DATA_DIR: '.tmp/x', TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ DATA_DIR: '.tmp/x' }).trustedProxies).toEqual([]);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1', '::1/129']) {
      expect(() => loadConfig({ DATA_DIR: '.tmp/x', TRUSTED_PROXIES: bad }), bad).toThrow(
        ConfigError,
      );
    }
  });
});
