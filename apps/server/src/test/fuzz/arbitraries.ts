/**
 * fast-check arbitraries of hostile input, driven by the OpenAPI document: for a declared
 * schema, values that are mostly plausible (so a request gets past the first check and into
 * the service and the database) and often not — control characters, NUL, lone surrogates,
 * huge strings, wrong types, missing and extra fields, impossible dates.
 */
import fc from 'fast-check';

/** The part of JSON Schema (as @hono/zod-openapi writes it) the generators understand. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
}

// ---------------------------------------------------------------------------------------------
// Strings

/** One UTF-16 code unit or code point, biased to what breaks things. */
const unit: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.constant('\u0000') },
  // A lone surrogate: half of a UTF-16 pair (valid JSON, not Unicode).
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\u007f',
      '\u0085',
      '\u00a0',
      '\u200b',
      '\u202e',
      '\u2028',
      '\ufeff',
      '\ufffd',
      '\uffff',
      '😀',
      'ß',
      'İ',
      'ﬀ',
      '%',
      '_',
      '\\',
      "'",
      '"',
      '/',
    ),
  },
);

/** Short strings made of hostile units. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit, maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'x\u0000y',
    '\ud800',
    '\udc00',
    'a\ud83d',
    '\ude00b',
    '%00',
    '%zz',
    '%',
    '..',
    '.',
    '../../etc/passwd',
    "'; drop table tenants; --",
    '%_\\',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
  ),
);

/** Strings of `min`–`max` UTF-16 units made of one repeated hostile piece. */
export const longString = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom('a', 'é', '😀', '\u0000', '\ud800', ' '), nastyString),
      fc.integer({ min, max }),
    )
    .map(([piece, n]) => {
      const p = piece || 'a';
      return p.repeat(Math.ceil(n / p.length)).slice(0, n);
    });

/** Strings far beyond any field's limit, up to ~1.1 MB (the API's body limit is 1 MB). */
export const hugeString: fc.Arbitrary<string> = fc.oneof(
  longString(200, 20_000),
  longString(20_000, 1_100_000),
);

/** Any JSON value: the wrong type for almost every field. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, '', [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  nastyString,
  fc.jsonValue({ maxDepth: 2 }),
);

// ---------------------------------------------------------------------------------------------
// Times, ids, cursors

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** ISO-looking times: real ones in and out of range, impossible ones, and not-times. */
export const timeLike: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc
    .tuple(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 61 }),
      fc.stringMatching(/^\d{0,8}$/),
    )
    .map(
      ([y, mo, d, h, mi, s, f]) =>
        `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${f ? `.${f}` : ''}Z`,
    ),
  fc.constantFrom(
    '1970-01-01T00:00:00.000000Z',
    '1969-12-31T23:59:59.999999Z',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999999Z',
    '2024-02-29T12:00:00.123456Z',
    '2023-02-29T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T12:00:00+01:00',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
  ),
  nastyString,
);

/** Ids as a forger would try them: real-looking, hostile, too long. */
export const idLike = (real: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    real.length > 0 ? fc.constantFrom(...real) : fc.uuid(),
    fc.uuid(),
    nastyString,
    fc.integer({ min: 90, max: 400 }).map((n) => 'x'.repeat(n)),
  );

/** A cursor of `parts`, encoded as the lists encode theirs. */
export const encodeParts = (parts: unknown): string =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

/** Cursors that were never handed out: garbage, other JSON, arrays of odd parts. */
export const forgedCursor = (vocabulary: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    nastyString,
    fc.base64String({ maxLength: 64 }),
    anyJson.map(encodeParts),
    fc
      .array(
        fc.oneof(
          vocabulary.length > 0 ? fc.constantFrom(...vocabulary) : fc.constant('x'),
          timeLike,
          nastyString,
          anyJson,
        ),
        { maxLength: 5 },
      )
      .map(encodeParts),
  );

// ---------------------------------------------------------------------------------------------
// Values from a schema

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

export interface ValueContext {
  /**
   * `plausible`: values of the declared shape (so the request reaches the service and the
   * database); `hostile`: any field may be anything (wrong type, NUL, huge, missing, extra).
   */
  mode: 'plausible' | 'hostile';
  /** Resolves `$ref` (the document's components). */
  resolve(ref: string): JsonSchema;
  /** Real ids and addresses of the world, offered to string fields. */
  ids: readonly string[];
  /** Far too long strings: up to ~1.1 MB in a body, shorter in a URL. */
  huge: fc.Arbitrary<string>;
}

const plausibleEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.com', 'example.org'))
  .map(([local, domain]) => `fuzz-${local}@${domain}`);

/** Real instants of 1970–9999, as ISO text with milliseconds or microseconds. */
export const validTime: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({
      min: new Date('1970-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    }),
    fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
  )
  .map(([d, us]) =>
    us === undefined ? d.toISOString() : d.toISOString().replace('Z', `${pad(us, 3)}Z`),
  );

/** Text a person would type: any graphemes (no NUL, no lone surrogate), within limits. */
export const plausibleText = (min: number, max: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength: Math.max(1, min), maxLength: Math.min(max, 40) }),
    fc.string({
      unit: 'grapheme-ascii',
      minLength: Math.max(1, min),
      maxLength: Math.min(max, 40),
    }),
  );

function stringValue(schema: JsonSchema, ctx: ValueContext, key?: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const plausible: fc.Arbitrary<string>[] = [];
  // A piped e-mail schema loses its format in the document: the field's name tells.
  const email = schema.format === 'email' || (!schema.format && /e-?mail/i.test(key ?? ''));
  const real = ctx.ids.filter((id) => id.includes('@') === email);
  if (email) plausible.push(plausibleEmail);
  else if (schema.format === 'date-time') plausible.push(validTime);
  else if (schema.format === 'date') plausible.push(validTime.map((t) => t.slice(0, 10)));
  else if (schema.pattern) {
    try {
      plausible.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // a pattern JavaScript cannot read: plain text instead
    }
  }
  if (plausible.length === 0) plausible.push(plausibleText(min, max));
  if (real.length > 0) plausible.push(fc.constantFrom(...real));
  if (ctx.mode === 'plausible') return fc.oneof(...plausible);
  return fc.oneof(
    { weight: 20, arbitrary: fc.oneof(...plausible) },
    { weight: 15, arbitrary: nastyString },
    { weight: 3, arbitrary: timeLike },
    // Exactly at the limit, and one past it, made of hostile units.
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(max, max + 1), fc.constantFrom('a', 'é', '😀', '\u0000', '\ud800'))
        .map(([n, c]) => c.repeat(Math.max(0, Math.ceil(n / c.length))).slice(0, n)),
    },
    { weight: 1, arbitrary: ctx.huge },
  );
}

function numberValue(
  schema: JsonSchema,
  integer: boolean,
  ctx: ValueContext,
): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? 1000;
  const inRange = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  if (ctx.mode === 'plausible') return inRange;
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    {
      weight: 1,
      arbitrary: integer
        ? fc.constantFrom(min - 1, max + 1, 0, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63))
        : fc.double({ noNaN: true }),
    },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/** A value for `schema`: of its shape when plausible; hostile, anything may be off. */
export function valueFor(
  schema: JsonSchema,
  ctx: ValueContext,
  depth = 0,
  key?: string,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueFor(ctx.resolve(schema.$ref), ctx, depth, key);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => valueFor(s, ctx, depth, key)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    const merged: JsonSchema = Object.assign(
      {},
      ...schema.allOf.map((s) => (s.$ref ? ctx.resolve(s.$ref) : s)),
    );
    return valueFor(merged, ctx, depth, key);
  }
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.const !== undefined) shaped.push(fc.constant(schema.const));
  if (schema.enum && schema.enum.length > 0) shaped.push(fc.constantFrom(...schema.enum));
  else {
    for (const type of typesOf(schema)) {
      if (type === 'null') shaped.push(fc.constant(null));
      else if (type === 'string') shaped.push(stringValue(schema, ctx, key));
      else if (type === 'integer') shaped.push(numberValue(schema, true, ctx));
      else if (type === 'number') shaped.push(numberValue(schema, false, ctx));
      else if (type === 'boolean') shaped.push(fc.boolean());
      else if (type === 'array') shaped.push(arrayValue(schema, ctx, depth));
      else if (type === 'object') shaped.push(objectValue(schema, ctx, depth));
    }
  }
  if (shaped.length === 0) return ctx.mode === 'plausible' ? fc.constant({}) : anyJson;
  if (ctx.mode === 'plausible') return fc.oneof(...shaped);
  return fc.oneof({ weight: 8, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: anyJson });
}

function arrayValue(schema: JsonSchema, ctx: ValueContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant([]);
  const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
  if (tuple) return fc.tuple(...tuple.map((s) => valueFor(s, ctx, depth + 1)));
  const items = Array.isArray(schema.items) ? undefined : schema.items;
  const item = items ? valueFor(items, ctx, depth + 1) : anyJson;
  const minItems = schema.minItems ?? 0;
  const maxItems = schema.maxItems ?? 10;
  const within = fc.array(item, {
    minLength: minItems,
    maxLength: Math.max(minItems, Math.min(maxItems, 4)),
  });
  if (ctx.mode === 'plausible') return within;
  return fc.oneof(
    { weight: 5, arbitrary: within },
    // One past the limit (cheap items: the limit itself is what is tried).
    {
      weight: 1,
      arbitrary: fc.array(item, { minLength: maxItems + 1, maxLength: maxItems + 1 }),
    },
  );
}

function objectValue(schema: JsonSchema, ctx: ValueContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant({});
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const hostile = ctx.mode === 'hostile';
  const values = fc.record(
    Object.fromEntries(
      Object.entries(props).map(([name, s]) => [name, valueFor(s, ctx, depth + 1, name)]),
    ),
  );
  // Required fields are there (hostile: most of the time); optional ones half of the time.
  const present = fc.record(
    Object.fromEntries(
      Object.keys(props).map((name) => [
        name,
        required.has(name)
          ? hostile
            ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false))
            : fc.constant(true)
          : fc.boolean(),
      ]),
    ),
  );
  const extra = hostile
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.dictionary(
            fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'id', 'accountId')),
            anyJson,
            { maxKeys: 3 },
          ),
        },
      )
    : fc.constant({});
  return fc.tuple(values, present, extra).map(([v, keep, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(more)) {
      Object.defineProperty(out, k, {
        value: x,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if ((keep as Record<string, boolean>)[k]) out[k] = x;
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// One hostile leaf in an otherwise plausible value

type Path = Array<string | number>;

/** Paths to every node of a JSON value (the root excluded), containers included. */
export function nodePaths(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([k, v]) => [[...at, k], ...nodePaths(v, [...at, k])]);
}

/** `value` with the node at `path` replaced by `by` (copies along the path). */
export function replaceAt(value: unknown, path: Path, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, by);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, by);
  return copy;
}

/** Text with what PostgreSQL cannot store (a NUL, a lone surrogate) somewhere in it. */
export const unstorableString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/** What replaces one field of a plausible request. */
export const hostileLeaf = (huge: fc.Arbitrary<string>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: unstorableString },
    { weight: 3, arbitrary: nastyString },
    { weight: 2, arbitrary: anyJson },
    { weight: 2, arbitrary: timeLike },
    { weight: 1, arbitrary: huge },
  );

// ---------------------------------------------------------------------------------------------
// Headers

/**
 * One character a header value can carry: Latin-1 without NUL, CR or LF (what arrives over
 * HTTP; `Headers` refuses anything else before the server sees it). Bytes of UTF-8 arrive as
 * their Latin-1 characters.
 */
const headerUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 1, max: 0xff })
      .filter((c) => c !== 0x0a && c !== 0x0d)
      .map((c) => String.fromCharCode(c)),
  },
);

/**
 * Header values instead of `real` (a token, an event id): empty, junk, numbers, near misses of
 * the real value (one character changed, cut, doubled, sent twice), far too long.
 */
export const hostileHeaderValue = (real: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: headerUnit, maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'null',
        'undefined',
        '0',
        '-1',
        '1e309',
        '%00',
        '\u00ff\u00fe',
      ),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^-?\d{1,20}$/) },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.nat(), headerUnit).map(([at, c]) => {
        const i = real.length === 0 ? 0 : at % real.length;
        return `${real.slice(0, i)}${c}${real.slice(i + 1)}`;
      }),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        real.slice(0, -1),
        real.slice(0, 19),
        `${real}x`,
        real.toUpperCase(),
        `${real}, ${real}`,
        `${real}${real}`,
        `Bearer ${real}`,
        encodeURIComponent(`${real}/`),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', '\u00e9', '\t', '\u007f'), fc.integer({ min: 190, max: 8000 }))
        .map(([c, n]) => `x${c.repeat(n)}x`),
    },
  );

// ---------------------------------------------------------------------------------------------
// URLs

/**
 * Percent-encodes any string, lone surrogates included (as the three bytes their code unit
 * would have in UTF-8, which no decoder accepts): `encodeURIComponent` throws on those.
 */
export function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** Raw `%` sequences as a client may send them, undecodable ones included. */
export const rawPercent: fc.Arbitrary<string> = fc.constantFrom(
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%E2%82',
  '%2F',
  '%2e%2e',
);
