import { sql, type SQL } from 'drizzle-orm';

/**
 * The one full-text match of the library: `q` in web-search syntax ("quoted phrase", or, -not)
 * against a search vector built by db/schema/content.ts (English words plus whole keys), also
 * matching keys by prefix (`GV.OC` finds `GV.OC-01`). Same on PGlite and PostgreSQL.
 */
export function searchQuery(search: SQL | unknown, q: string): SQL {
  // Only letters, digits and inner dots reach to_tsquery: nothing there can be an operator.
  const words = q
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  const prefixQuery = words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
  return prefixQuery
    ? sql`(${search} @@ websearch_to_tsquery('english', ${q}) or ${search} @@ to_tsquery('simple', ${prefixQuery}))`
    : sql`(${search} @@ websearch_to_tsquery('english', ${q}))`;
}

export function searchRank(search: SQL | unknown, q: string): SQL<number> {
  return sql<number>`ts_rank(${search}, websearch_to_tsquery('english', ${q}))`;
}
