import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @ztart/server` writes a new migration after a change to a `tables.ts`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/migrations/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
