/** Drops empty filters so the query string stays clean (and the cache key stable). */
export function cleanParams(args: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args))
    if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  return out;
}
