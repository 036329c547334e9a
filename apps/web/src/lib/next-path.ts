/**
 * Where to go after login: the page the visitor asked for, when it is a local path
 * (never `//evil.example` or `https://…`), and not a public auth page.
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string,
  exclude: readonly string[] = [],
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  const pathname = next.split(/[?#]/)[0];
  if (exclude.includes(pathname)) return fallback;
  return next;
}

/** `/login?next=%2Fadmin%2Fusers%3Fpage%3D2` */
export function loginPathFor(loginPath: string, param: string, next: string): string {
  return `${loginPath}?${new URLSearchParams({ [param]: next }).toString()}`;
}
