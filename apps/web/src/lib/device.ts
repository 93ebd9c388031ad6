type Pattern = readonly [name: string, pattern: RegExp];

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly Pattern[] = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrome\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: readonly Pattern[] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

function firstMatch(patterns: readonly Pattern[], userAgent: string): string | undefined {
  return patterns.find(([, pattern]) => pattern.test(userAgent))?.[0];
}

/** A readable name for a session's device, from its user agent ("Chrome · Android"); null when unknown. */
export function describeDevice(userAgent: string | null): { name: string | null; mobile: boolean } {
  if (!userAgent) return { name: null, mobile: false };
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  const name = browser && system ? `${browser} · ${system}` : (browser ?? system ?? null);
  return { name, mobile: /Mobi|Android|iPhone|iPad/.test(userAgent) };
}
