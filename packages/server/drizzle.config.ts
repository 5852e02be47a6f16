import { defineConfig } from 'drizzle-kit';

/** drizzle-kit only generates SQL from src/db/schema.ts; the server applies the files itself at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
