/**
 * The place of the gamification panel (level, XP, achievements, daily challenges: spec §3). The
 * home screen renders it between its figures and its recent activity; the gamification feature
 * fills it. Until then it shows nothing and takes no room.
 */
export function GamificationSlot() {
  return null;
}
