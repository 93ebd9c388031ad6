import { DEMO_PEOPLE } from '../../demo/seed-people.ts';

const DEMO_IDS = new Set(DEMO_PEOPLE.map((person) => person.id));

/**
 * Demo mode earns nothing (decision 0050): the browser's demo sends nothing to the server, and
 * the people the demo seed loads (sample accounts anyone may sign in to) record their actions
 * without XP, withheld as `demo`.
 */
export function isDemoPerson(userId: string): boolean {
  return DEMO_IDS.has(userId);
}
