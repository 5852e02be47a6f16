/**
 * jest setupFilesAfterEnv of the server project: the tests' and hooks' timeout, a guard against hangs.
 * A file asking for seed options nobody asked for before in the run (`createTestApp({
 * patientsPerProgram: 40 })`) builds that template inside its beforeAll (see databases.ts): on a loaded
 * 2-core machine that can take over a minute, and the other files needing it wait for it, so 150 s.
 * SERVER_TEST_TIMEOUT_MS sets another (the route suites on PGlite, run beside e2e at the lowest priority:
 * scripts/test-stages.mjs).
 */
jest.setTimeout(Number(process.env.SERVER_TEST_TIMEOUT_MS) || 150_000);
