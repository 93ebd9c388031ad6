/** Cookies as the server would set them with Set-Cookie (the CSRF token). */
export function setTestCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests stand in for the server's Set-Cookie.
  document.cookie = `${name}=${value}; path=/`;
}

/** Removes every cookie a test set, so none leaks into the next test. */
export function clearTestCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the cookies the tests set.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
