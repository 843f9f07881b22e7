import { join, resolve } from 'node:path';

/** The fixture course (test/fixtures/course), for unit tests that load its chapters in-process. */
export const FIXTURE_COURSE = join(resolve(import.meta.dirname, '..', '..'), 'fixtures', 'course');
