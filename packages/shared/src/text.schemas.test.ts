import { describe, expect, it } from 'vitest';
import {
  isStorableText,
  storableDateTime,
  storableText,
  UNSTORABLE_TEXT_MESSAGE,
  UNSTORABLE_TIME_MESSAGE,
} from './text.schemas.ts';

describe('storable text', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    for (const s of ['', 'plain', 'tab\tnew\nline\u0001\u007f', 'é', '😀', '\ud83d\ude00', 'ﬀ'])
      expect(isStorableText(s), JSON.stringify(s)).toBe(true);
    for (const s of ['\u0000', 'a\u0000b', '\ud800', 'a\udc00', '\udc00\ud800', '😀\ud83d'])
      expect(isStorableText(s), JSON.stringify(s)).toBe(false);
  });

  it('says the same without String.prototype.isWellFormed (older browsers)', () => {
    const proto = String.prototype as { isWellFormed?: () => boolean };
    const original = proto.isWellFormed;
    delete proto.isWellFormed;
    try {
      for (const s of ['', 'plain', '😀', 'a😀b😀', '\ud83d\ude00\ud83d\ude00'])
        expect(isStorableText(s), JSON.stringify(s)).toBe(true);
      for (const s of [
        '\ud800',
        'a\udc00',
        '\udc00\ud800',
        '😀\ud83d',
        '\ud83d\ude00\ude00',
        'a\ud800b',
      ])
        expect(isStorableText(s), JSON.stringify(s)).toBe(false);
    } finally {
      proto.isWellFormed = original;
    }
  });

  it('names the problem first and stops there; the usual checks follow', () => {
    const name = storableText().trim().min(1, 'Enter a name.').max(3, 'Too long.');
    expect(name.safeParse(' ab ').data).toBe('ab');
    expect(name.safeParse('\u0000\u0000\u0000\u0000').error?.issues.map((i) => i.message)).toEqual([
      UNSTORABLE_TEXT_MESSAGE,
    ]);
    expect(name.safeParse(' ').error?.issues[0]?.message).toBe('Enter a name.');
    expect(name.safeParse(1).error?.issues[0]?.code).toBe('invalid_type');
  });
});

describe('storable date-time', () => {
  it('takes ISO UTC times of the years 1970–9999 only', () => {
    const at = storableDateTime();
    expect(at.safeParse('2024-05-01T12:00:00.000Z').success).toBe(true);
    expect(at.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
    for (const s of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z'])
      expect(at.safeParse(s).error?.issues[0]?.message, s).toBe(UNSTORABLE_TIME_MESSAGE);
    expect(at.safeParse('2024-02-30T00:00:00Z').success).toBe(false);
  });
});
