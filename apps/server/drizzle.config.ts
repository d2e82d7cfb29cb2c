import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations in ./drizzle from ./src/db/schema (npm run db:generate).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
