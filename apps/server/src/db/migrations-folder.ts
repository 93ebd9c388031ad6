import path from 'node:path';
import { REPO_ROOT } from '../config.ts';

/**
 * The SQL that drizzle-kit generated from the `tables.ts` files (committed). Found from the
 * repository root rather than this file, which the compiled server bundles into dist/main.js.
 */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');
