// The launch URL carries the session token; the page takes it out of the address bar at once and
// keeps it for this tab only, so a reload finds it but history, bookmarks and referrers never do.

export interface TakenToken {
  token: string | null;
  /** The address to show instead: same path and query without `token`. */
  cleanUrl: string;
}

export function takeToken(href: string): TakenToken {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  const query = url.searchParams.toString();
  return {
    token: token && token.length > 0 ? token : null,
    cleanUrl: `${url.pathname}${query ? `?${query}` : ''}${url.hash}`,
  };
}

export function tokenStorageKey(symbol: string): string {
  return `rf.session.${symbol}`;
}
