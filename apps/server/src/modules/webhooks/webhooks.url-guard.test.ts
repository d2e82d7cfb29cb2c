import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress } from './webhooks.url-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:c0a8:0101::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it('allows anything when private URLs are allowed', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:3000/x', true)).toBeNull();
  });

  it('wants https and a public host otherwise', async () => {
    expect(await checkWebhookUrl('http://93.184.215.14/', false)).toMatch(/https/);
    expect(await checkWebhookUrl('https://93.184.215.14/', false)).toBeNull();
    expect(await checkWebhookUrl('https://[2606:4700:4700::1111]/', false)).toBeNull();
    expect(await checkWebhookUrl('https://0x7f.1/', false)).toMatch(/private/);
    expect(await checkWebhookUrl('https://app.localhost/', false)).toMatch(/private/);
    expect(await checkWebhookUrl('https://no-such-host.invalid/', false)).toMatch(/found/);
  });
});
