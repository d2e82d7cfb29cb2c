import { describe, expect, it } from 'vitest';
import { describeUserAgent, isMobileUserAgent, unknownDevice } from './user-agent.ts';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('a readable device from the user agent', () => {
  it('names the browser and the system', () => {
    expect(describeUserAgent(UA.chromeLinux)).toBe('Chrome on Linux');
    expect(describeUserAgent(UA.headlessChrome)).toBe('Chrome on Linux');
    expect(describeUserAgent(UA.edgeWindows)).toBe('Edge on Windows');
    expect(describeUserAgent(UA.firefoxWindows)).toBe('Firefox on Windows');
    expect(describeUserAgent(UA.safariMac)).toBe('Safari on macOS');
    expect(describeUserAgent(UA.safariIphone)).toBe('Safari on iPhone');
    expect(describeUserAgent(UA.chromeIphone)).toBe('Chrome on iPhone');
    expect(describeUserAgent(UA.chromeAndroid)).toBe('Chrome on Android');
    expect(describeUserAgent(UA.samsungAndroid)).toBe('Samsung Internet on Android');
    expect(describeUserAgent(UA.operaMac)).toBe('Opera on macOS');
    expect(describeUserAgent(UA.firefoxIpad)).toBe('Firefox on iPad');
    expect(describeUserAgent(UA.chromebook)).toBe('Chrome on ChromeOS');
  });

  it('says what it can of a partial header', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Browser on Linux');
    expect(describeUserAgent('Mozilla/5.0 Firefox/133.0')).toBe('Firefox');
  });

  it('names a program that is not a browser', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl (not a browser)');
    expect(describeUserAgent('node')).toBe('node (not a browser)');
  });

  it('falls back to “Unknown device”', () => {
    expect(describeUserAgent(null)).toBe(unknownDevice());
    expect(describeUserAgent('')).toBe(unknownDevice());
    expect(describeUserAgent('   ')).toBe(unknownDevice());
    expect(describeUserAgent('Mozilla/5.0')).toBe(unknownDevice());
    expect(describeUserAgent('%%%')).toBe(unknownDevice());
  });
});

describe('a phone or tablet', () => {
  it('is told from the user agent', () => {
    expect(isMobileUserAgent(UA.safariIphone)).toBe(true);
    expect(isMobileUserAgent(UA.chromeAndroid)).toBe(true);
    expect(isMobileUserAgent(UA.firefoxIpad)).toBe(true);
    expect(isMobileUserAgent(UA.chromeLinux)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });
});
