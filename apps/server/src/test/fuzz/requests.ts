/**
 * Generated requests for one OpenAPI operation: path ids, query string and body built from
 * what the document declares (arbitraries.ts), with the per-operation hints (operations.ts).
 *
 * Three kinds, so that hostile input also reaches the code behind the first check:
 * - plausible: every part of the declared shape, real ids (reaches the service and database);
 * - one hostile part: a plausible request with one path id, query value, cursor part or body
 *   field replaced (finds the one field a schema forgot to protect);
 * - hostile: every part may be off, the body may be broken JSON, huge, or of another type.
 */
import fc from 'fast-check';
import { TEST_IP_HEADER } from '../app.ts';
import { deepFrameworkDocumentText } from '../frameworks.ts';
import {
  anyJson,
  encodeParts,
  forgedCursor,
  hostileHeaderValue,
  hostileLeaf,
  hugeString,
  idLike,
  longString,
  nastyString,
  nodePaths,
  percentEncode,
  plausibleText,
  rawPercent,
  replaceAt,
  timeLike,
  unstorableString,
  validTime,
  valueFor,
  type JsonSchema,
  type ValueContext,
} from './arbitraries.ts';
import type { CursorParts, FuzzOperation } from './operations.ts';
import type { FuzzIds } from './world.ts';

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzRequest {
  method: string;
  /** Path with the query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export const JSON_TYPE = 'application/json';

/** Why the suite cannot build inputs for an operation (empty: it can). */
export function unsupported(
  path: string,
  op: OpenApiOperation,
  hint: FuzzOperation,
  ids: FuzzIds,
): string[] {
  const problems: string[] = [];
  const headers = new Set(Object.keys(hint.headers?.(ids) ?? {}).map((h) => h.toLowerCase()));
  for (const p of op.parameters ?? []) {
    if (p.in === 'path' && !hint.path?.[p.name])
      problems.push(`path parameter {${p.name}} has no real value in its entry (path.${p.name})`);
    if (p.in === 'query' && p.name === 'cursor' && !hint.cursor)
      problems.push('query parameter `cursor` has no forgery of the list’s own cursors (cursor)');
    if (p.in === 'header' && !headers.has(p.name.toLowerCase()))
      problems.push(`header parameter ${p.name} has no real value in its entry (headers)`);
    if (p.in !== 'path' && p.in !== 'query' && p.in !== 'header')
      problems.push(`parameters in ${p.in} are not generated yet (${p.name})`);
  }
  const declared = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  for (const name of declared) {
    if (!(op.parameters ?? []).some((p) => p.in === 'path' && p.name === name))
      problems.push(`path parameter {${name}} is not declared in the document`);
  }
  const types = Object.keys(op.requestBody?.content ?? {});
  const other = types.filter((t) => t !== JSON_TYPE);
  if (other.length > 0 && hint.body !== 'binary')
    problems.push(`request body of ${other.join(', ')}: mark the entry body: 'binary'`);
  return problems;
}

/** A request before encoding: what the mutations work on. */
interface Draft {
  /** Path parameter values (raw text; `{ raw }` is put in the URL as is). */
  path: Array<string | { raw: string }>;
  query: Array<[string, string]>;
  /** Headers of the entry (`FuzzOperation.headers`), as sent. */
  headers: Array<[string, string]>;
  /** Parts of a cursor (encoded as the lists encode theirs), or an opaque string. */
  cursor?: unknown[] | string;
  body: { json: unknown } | { type?: string; bytes?: string | Uint8Array };
}

const ipPart = fc.integer({ min: 1, max: 254 });
const clientIp = fc.tuple(ipPart, ipPart, ipPart).map(([a, b, c]) => `10.${a}.${b}.${c}`);

const asQueryValue = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || typeof v !== 'object' ? String(v) : JSON.stringify(v);

/** Bodies that are not the declared JSON: broken, deep, huge, not UTF-8, of another type. */
const brokenBody: fc.Arbitrary<Draft['body']> = fc.oneof(
  fc
    .constantFrom(
      '',
      '{',
      '{"name":',
      '[',
      'nul',
      '\u0000',
      '{"a":1}{',
      '"\\ud800"',
      '{"\\u0000":1}',
    )
    .map((bytes) => ({ type: JSON_TYPE, bytes })),
  fc
    .integer({ min: 100, max: 20_000 })
    .map((n) => ({ type: JSON_TYPE, bytes: `${'['.repeat(n)}${']'.repeat(n)}` })),
  fc
    .integer({ min: 100, max: 5_000 })
    .map((n) => ({ type: JSON_TYPE, bytes: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}` })),
  // A framework file nested 1,000 or 10,000 sections deep in a body the framework import and
  // the draft save would otherwise take (issue 21: the recursive parse overflowed the stack).
  fc.constantFrom(1_000, 10_000).map((depth) => ({
    type: JSON_TYPE,
    bytes: `{"scope":"private","revision":1,"document":${deepFrameworkDocumentText('deep', depth)}}`,
  })),
  fc.uint8Array({ maxLength: 64 }).map((b) => ({
    type: JSON_TYPE,
    bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, ...b, 0x22, 0x7d]),
  })),
  hugeString.map((s) => ({ type: JSON_TYPE, bytes: JSON.stringify({ name: s, notes: s }) })),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data')
    .map((type) => ({ type, bytes: 'name=x%00' })),
  fc.constant({ bytes: '{"name":"no content type"}' }),
);

/** A 1×1 PNG: the plausible logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function binaryBody(types: string[], mode: 'plausible' | 'hostile'): fc.Arbitrary<Draft['body']> {
  const type = fc.constantFrom(...types);
  if (mode === 'plausible') return type.map((t) => ({ type: t, bytes: new Uint8Array(PNG) }));
  return fc.oneof(
    fc.tuple(type, fc.uint8Array({ maxLength: 4096 })).map(([t, b]) => ({ type: t, bytes: b })),
    // Image signatures followed by junk.
    fc
      .tuple(
        type,
        fc.constantFrom(
          [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
          [0xff, 0xd8, 0xff],
          [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
        ),
        fc.uint8Array({ maxLength: 1024 }),
      )
      .map(([t, head, b]) => ({ type: t, bytes: new Uint8Array([...head, ...b]) })),
    fc
      .tuple(type, fc.integer({ min: 1024 * 1024 - 16, max: 1024 * 1024 + 64 * 1024 }))
      .map(([t, n]) => ({ type: t, bytes: new Uint8Array(n).fill(0x89) })),
    fc.string({ maxLength: 64 }).map((s) => ({
      type: 'multipart/form-data; boundary=x',
      bytes: `--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\n${s}\r\n--x--`,
    })),
    fc
      .constantFrom('multipart/form-data', 'multipart/form-data; boundary=')
      .map((t) => ({ type: t, bytes: '--x\r\n' })),
    anyJson.map((v) => ({ type: JSON_TYPE, bytes: JSON.stringify(v) ?? '' })),
    fc.constant({}),
  );
}

function encode(
  template: string,
  names: string[],
  draft: Draft,
): { url: string; body: Draft['body'] } {
  let path = template;
  names.forEach((name, i) => {
    const v = draft.path[i] ?? '';
    path = path.replace(`{${name}}`, typeof v === 'string' ? percentEncode(v) : v.raw);
  });
  const pairs = [...draft.query];
  if (draft.cursor !== undefined)
    pairs.push([
      'cursor',
      typeof draft.cursor === 'string' ? draft.cursor : encodeParts(draft.cursor),
    ]);
  const q = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  return { url: q ? `${path}?${q}` : path, body: draft.body };
}

/** Every real value of the world (ids, keys, tokens): offered to string fields and cursors. */
const realValues = (ids: FuzzIds): string[] =>
  Object.values(ids).flatMap((v: unknown) =>
    typeof v === 'string'
      ? [v]
      : Object.values(v as object).filter((x): x is string => typeof x === 'string'),
  );

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Requests for `METHOD path` of the document, with `ids` naming the world's real objects. */
export function requestsFor(
  doc: OpenApiDocument,
  route: string,
  hint: FuzzOperation,
  ids: FuzzIds,
): fc.Arbitrary<FuzzRequest> {
  const [method = 'GET', template = '/'] = route.split(' ');
  const op = doc.paths[template]?.[method.toLowerCase()] ?? {};
  const real = realValues(ids);
  const resolve = (ref: string): JsonSchema => {
    const found = doc.components?.schemas?.[ref.replace(/^#\/components\/schemas\//, '')];
    if (!found) throw new Error(`unresolved $ref ${ref}`);
    return found;
  };
  const context = (mode: ValueContext['mode'], inUrl: boolean): ValueContext => ({
    mode,
    resolve,
    ids: real,
    huge: inUrl ? longString(200, 8000) : hugeString,
  });
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const params = op.parameters ?? [];
  const declared = params.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const hasCursor = params.some((p) => p.in === 'query' && p.name === 'cursor');
  const vocabulary = declared.flatMap((p) => (p.schema?.enum ?? []).map(String));
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content[JSON_TYPE]?.schema;
  const otherTypes = Object.keys(content).filter((t) => t !== JSON_TYPE);
  const canHaveBody = method !== 'GET' && method !== 'HEAD';
  const fixedHeaders = Object.entries(hint.headers?.(ids) ?? {});

  const cursorParts = (mode: ValueContext['mode']): CursorParts =>
    mode === 'plausible'
      ? {
          time: validTime,
          text: plausibleText(1, 40),
          id: fc.oneof(fc.constantFrom(...real), fc.uuid()),
        }
      : { time: timeLike, text: nastyString, id: idLike(real) };

  function draft(mode: ValueContext['mode']): fc.Arbitrary<Draft> {
    const hostile = mode === 'hostile';
    const inUrl = context(mode, true);
    const path = fc.tuple(
      ...names.map((n) => {
        const given = hint.path?.[n]?.(ids) ?? 'x';
        type Segment = string | { raw: string };
        const value: fc.Arbitrary<Segment> =
          typeof given === 'string' ? fc.constant(given) : fc.constantFrom(...given);
        if (!hostile) return value;
        return fc.oneof(
          { weight: 4, arbitrary: value },
          { weight: 3, arbitrary: nastyString as fc.Arbitrary<Segment> },
          { weight: 1, arbitrary: rawPercent.map<Segment>((raw) => ({ raw })) },
          { weight: 1, arbitrary: longString(90, 5000) as fc.Arbitrary<Segment> },
          { weight: 1, arbitrary: anyJson.map<Segment>((v) => JSON.stringify(v) ?? '') },
        );
      }),
    );
    const query = fc
      .tuple(
        fc.record(
          Object.fromEntries(
            declared.map((p) => [
              p.name,
              fc.option(valueFor(p.schema ?? {}, inUrl, 0, p.name).map(asQueryValue), {
                nil: undefined,
              }),
            ]),
          ),
        ),
        hostile
          ? fc.oneof(
              { weight: 5, arbitrary: fc.constant([] as Array<[string, string]>) },
              {
                weight: 1,
                arbitrary: fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 }),
              },
            )
          : fc.constant([] as Array<[string, string]>),
      )
      .chain(([values, extra]) => {
        const given = Object.fromEntries(
          Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined),
        );
        const own = hint.cursor?.(given, ids, cursorParts(mode)) ?? fc.constant([]);
        const cursor: fc.Arbitrary<unknown[] | string | undefined> = !hasCursor
          ? fc.constant(undefined)
          : fc.option(
              hostile
                ? fc.oneof(
                    { weight: 3, arbitrary: own },
                    { weight: 2, arbitrary: forgedCursor([...vocabulary, ...real]) },
                  )
                : own,
              { nil: undefined },
            );
        return cursor.map((c) => ({
          query: [...Object.entries(given), ...extra] as Array<[string, string]>,
          cursor: c,
        }));
      });

    let body: fc.Arbitrary<Draft['body']>;
    const none = fc.constant<Draft['body']>({});
    if (hint.body === 'binary')
      body = binaryBody(otherTypes.length > 0 ? otherTypes : ['application/octet-stream'], mode);
    else if (jsonSchema) {
      const value = valueFor(jsonSchema, context(mode, false)).map((json) => ({ json }));
      body = hostile
        ? fc.oneof(
            { weight: 12, arbitrary: value },
            { weight: 2, arbitrary: brokenBody },
            { weight: op.requestBody?.required ? 0 : 2, arbitrary: none },
          )
        : value;
    } else if (canHaveBody && hostile) {
      body = fc.oneof(
        { weight: 4, arbitrary: none },
        { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
      );
    } else body = none;

    // The entry's headers: as given when plausible; hostile, junk or left out.
    const headers: fc.Arbitrary<Array<[string, string]>> = hostile
      ? fc
          .tuple(
            ...fixedHeaders.map(([name, value]) =>
              fc
                .oneof(
                  { weight: 3, arbitrary: fc.constant<string | undefined>(value) },
                  { weight: 2, arbitrary: hostileHeaderValue(value) },
                  { weight: 1, arbitrary: fc.constant(undefined) },
                )
                .map((v) => [name, v] as const),
            ),
          )
          .map((pairs) => pairs.filter((p): p is [string, string] => p[1] !== undefined))
      : fc.constant(fixedHeaders);

    const drafts = fc
      .tuple(path, query, body, headers)
      .map(([p, q, b, h]): Draft => ({ path: p, ...q, body: b, headers: h }));
    const fields = hint.fields;
    if (hostile || !fields) return drafts;
    // Body fields that fit the real object the path names (an answer of its question).
    return drafts.chain((d) => {
      if (!('json' in d.body) || !isObject(d.body.json)) return fc.constant(d);
      const json = d.body.json;
      const named = Object.fromEntries(
        names.map((n, i) => {
          const v = d.path[i];
          return [n, typeof v === 'string' ? v : ''];
        }),
      );
      return fc
        .record(fields(named, ids))
        .map((f): Draft => ({ ...d, body: { json: { ...json, ...f } } }));
    });
  }

  /**
   * A plausible draft with one of its parts (path id, query value, cursor part, body field,
   * header) hostile.
   */
  const oneHostile = fc
    .tuple(
      draft('plausible'),
      fc.nat(),
      hostileLeaf(longString(200, 8000)),
      hostileLeaf(hugeString),
      fc.oneof(
        { weight: 3, arbitrary: timeLike },
        { weight: 2, arbitrary: unstorableString },
        { weight: 1, arbitrary: anyJson },
      ),
      // One per header of the entry: a junk value, or undefined to leave it out.
      fc.tuple(
        ...fixedHeaders.map(([, value]) =>
          fc.option(hostileHeaderValue(value), { nil: undefined, freq: 4 }),
        ),
      ),
    )
    .map(([d, pick, inUrl, inBody, inCursor, inHeaders]) => {
      const slots: Array<(d: Draft) => Draft> = [];
      d.path.forEach((_, i) =>
        slots.push((x) => ({
          ...x,
          path: x.path.map((v, j) => (j === i ? asQueryValue(inUrl) : v)),
        })),
      );
      d.query.forEach((_, i) =>
        slots.push((x) => ({
          ...x,
          query: x.query.map(
            ([k, v], j) => [k, j === i ? asQueryValue(inUrl) : v] as [string, string],
          ),
        })),
      );
      if (Array.isArray(d.cursor)) {
        // Twice the weight: a cursor part only reaches the decoder when all else is valid.
        for (const at of [...nodePaths(d.cursor), ...nodePaths(d.cursor)])
          slots.push((x) => ({ ...x, cursor: replaceAt(x.cursor, at, inCursor) as unknown[] }));
      }
      if ('json' in d.body) {
        for (const at of nodePaths(d.body.json))
          slots.push((x) => ({
            ...x,
            body: { json: replaceAt((x.body as { json: unknown }).json, at, inBody) },
          }));
      }
      d.headers.forEach((_, i) =>
        slots.push((x) => ({
          ...x,
          headers: x.headers.flatMap(([k, v], j): Array<[string, string]> => {
            if (j !== i) return [[k, v]];
            const by = inHeaders[i];
            return by === undefined ? [] : [[k, by]];
          }),
        })),
      );
      const mutate = slots[pick % Math.max(1, slots.length)];
      return mutate ? mutate(d) : d;
    });

  return fc
    .tuple(
      fc.oneof(
        { weight: 2, arbitrary: draft('plausible') },
        { weight: 5, arbitrary: oneHostile },
        { weight: 3, arbitrary: draft('hostile') },
      ),
      clientIp,
    )
    .map(([d, ip]) => {
      const { url, body } = encode(template, names, d);
      const json = 'json' in body;
      const bytes = json ? (JSON.stringify(body.json) ?? '') : body.bytes;
      const type = json ? JSON_TYPE : body.type;
      return {
        method,
        url,
        headers: {
          ...Object.fromEntries(d.headers),
          [TEST_IP_HEADER]: ip,
          ...(type ? { 'content-type': type } : {}),
        },
        ...(bytes !== undefined && canHaveBody ? { body: bytes } : {}),
      };
    });
}
