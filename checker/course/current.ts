import { loadChapters } from './course.ts';
import { COURSE_ROOT } from './files.ts';

/**
 * Every chapter of the course this process grades (COURSE_ROOT), in order. Only the entry points (commands/, the
 * `*-cli.ts` files of class/ and pr/) read it; they pass the chapters down, so every module below takes them as a parameter.
 */
export const CHAPTERS = await loadChapters(COURSE_ROOT);
