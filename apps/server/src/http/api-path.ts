/** Everything under `/api` is the JSON API; every other path belongs to the web app. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
