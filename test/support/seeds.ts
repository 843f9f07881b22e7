import { join } from 'node:path';
import { REPO } from './run.ts';

/** The seed chapters, kept beside the repository (CI keeps a copy there); tests that compare with them skip without them. */
export const SEEDS_DIR = join(REPO, '..', 'shared', 'seeds');
