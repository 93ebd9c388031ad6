import { ZTARTAG_PATTERN } from '@ztart/shared/patterns';

/** The address of a public profile, relative to the site: `/@<ztartag>`. */
export function publicProfilePathOf(ztartag: string): string {
  return `/@${encodeURIComponent(ztartag)}`;
}

/** The ztartag of a public profile's path `/@<ztartag>`, or null for any other path. */
export function ztartagOfPath(pathname: string): string | null {
  const match = /^\/@([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let tag: string;
  try {
    tag = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return ZTARTAG_PATTERN.test(tag.toLowerCase()) ? tag : null;
}
