/** How a member is named on every business screen: their name, else their ztartag. */
export function memberName(
  member: { fullName: string | null; ztartag: string | null },
  fallback: string,
): string {
  return member.fullName || (member.ztartag ? `@${member.ztartag}` : fallback);
}
