// Vitest global setup: runs once before all test files.
// Later: builds one PGlite snapshot that database tests load instead of cold-starting Postgres per file.
export default async function setup(): Promise<void> {
  process.env.TZ = 'America/Chicago';
}
