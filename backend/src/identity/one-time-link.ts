/**
 * A one-time link to a page of the site. The token (and where to go next) ride in the URL
 * fragment, which browsers never send to the server: it stays out of request logs, proxies and
 * the analytics tag, and the page removes it from the address bar once read.
 * `${publicUrl}${path}#token=…&next=…`
 */
export function oneTimeLink(publicUrl: string, path: string, token: string, next?: string): string {
  // `next` is encoded like any parameter value; its slashes stay readable (they need no escaping there).
  const params = `token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next).replace(/%2F/gi, '/')}` : ''}`;
  return `${publicUrl}${path}#${params}`;
}
