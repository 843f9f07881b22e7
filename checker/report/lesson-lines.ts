import type { Messages } from '../usage/messages.ts';
import type { CourseOutline } from './course-view.ts';

/**
 * The line that sends the learner to a chapter's lesson, in the report's language, when the next exercise is the first
 * of its chapter (a chapter just completed, or a new one about to start); none for any other exercise.
 */
export function readLessonLines(course: CourseOutline, exerciseId: string, say: Messages): string[] {
  const chapter = course.chapters.find((entry) => entry.exercises[0]?.id === exerciseId);
  return chapter?.lesson === undefined ? [] : [say.readLesson(chapter.lesson)];
}
