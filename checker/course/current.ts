import { loadChapters } from './course.ts';
import { currentCourseRoot } from './files.ts';

/** The course this process grades, fixed once for the entry points that import this module. */
export const COURSE_ROOT = currentCourseRoot();

/**
 * Every chapter of the course this process grades (COURSE_ROOT), in order. Only the entry points (commands/, the `cli.ts` and
 * `*-cli.ts` files of class/ and pr/) read it; they pass the chapters down, so every module below takes them as a parameter.
 */
export const CHAPTERS = await loadChapters(COURSE_ROOT);
