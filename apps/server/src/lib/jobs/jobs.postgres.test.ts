import { describeJobs, openPostgres } from './jobs.suite.ts';

// Runs when TEST_DATABASE_URL points at a PostgreSQL server; skipped otherwise.
const url = process.env.TEST_DATABASE_URL;
describeJobs('PostgreSQL', url ? () => openPostgres(url) : null);
