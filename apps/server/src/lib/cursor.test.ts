import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorPart, decodeCursor, encodeCursor, isCursorTime } from './cursor.ts';
import { AppError } from './errors.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const shape = z.tuple([z.literal('name'), cursorPart.text(10), cursorPart.time, cursorPart.id]);

function refusal(cursor: string): AppError | undefined {
  try {
    decodeCursor(cursor, shape);
    return undefined;
  } catch (err) {
    return err as AppError;
  }
}

describe('cursors', () => {
  it('give back the parts they were made of', () => {
    const parts = ['name', 'acme', '2024-05-01T12:00:00.123456Z', 'row-1'] as const;
    expect(decodeCursor(encodeCursor(parts), shape)).toEqual(parts);
  });

  it('answer one 400 on the cursor field for anything else', () => {
    const forged = [
      '',
      'not base64 json',
      b64('{"a":1}'),
      b64('[]'),
      encodeCursor(['size', 'acme', '2024-05-01T12:00:00Z', 'x']),
      encodeCursor(['name', 'a\u0000', '2024-05-01T12:00:00Z', 'x']),
      encodeCursor(['name', 'a\ud800', '2024-05-01T12:00:00Z', 'x']),
      encodeCursor(['name', 'a', '2024-05-01T12:00:00Z', 'x\u0000']),
      encodeCursor(['name', 'a', '2024-05-01T12:00:00Z', '']),
      encodeCursor(['name', 'a', '2024-05-01T12:00:00Z', 'x'.repeat(101)]),
      encodeCursor(['name', 'a'.repeat(11), '2024-05-01T12:00:00Z', 'x']),
      encodeCursor(['name', 'a', 1714564800000, 'x']),
      encodeCursor(['name', 'a', '2024-05-01T12:00:00Z', 'x', 'extra']),
    ];
    for (const c of forged) {
      const err = refusal(c);
      expect(err, c).toBeInstanceOf(AppError);
      expect(err?.status).toBe(400);
      expect(err?.code).toBe('common.validation');
      expect(Object.keys(err?.fields ?? {})).toEqual(['cursor']);
    }
  });

  it('take only real instants of the years 1970–9999, to the microsecond', () => {
    for (const s of [
      '1970-01-01T00:00:00Z',
      '2024-02-29T23:59:59.999999Z',
      '2024-05-01T12:00:00.1Z',
      '9999-12-31T23:59:59.999999Z',
    ])
      expect(isCursorTime(s), s).toBe(true);
    for (const s of [
      '0000-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2023-02-29T00:00:00Z',
      '2024-13-45T99:99:99.000000Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T12:00:60Z',
      '2024-05-01T12:00:00.1234567Z',
      '2024-05-01T12:00:00+01:00',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '2024-05-01',
      'yesterday',
    ])
      expect(isCursorTime(s), s).toBe(false);
  });
});
