/**
 * A cache kept in a plain Map, bounded to `max` entries: the oldest entry goes first, and a key
 * set again counts as new (Map keeps insertion order). For per-process caches of things that do
 * not go stale (an immutable framework version, a respondent's next write state).
 */
export function remember<V>(map: Map<string, V>, key: string, value: V, max: number): V {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}
