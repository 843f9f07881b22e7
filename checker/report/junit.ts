import { escapeXml } from './escape.ts';
import type { Report } from './shape.ts';

/** Escapes text for an XML attribute or element, control characters shown as visible text (report/escape.ts). */
const xml = escapeXml;

/** Renders a report as JUnit XML: one testsuite per exercise, one testcase per expected test. */
export function junitOf(report: Report): string {
  const suites = report.exercises.map((exercise) => {
    const failures = exercise.tests.filter((test) => test.status === 'fail').length;
    const errors = exercise.tests.filter((test) => test.status === 'error' || test.status === 'timeout').length;
    const cases = exercise.tests.map((test) => {
      const name = `    <testcase classname="${xml(exercise.id)}" name="${xml(test.name)}"`;
      if (test.status === 'pass') return `${name}/>`;
      const tag = test.status === 'fail' ? 'failure' : 'error';
      // What the learner's code printed is data: escaped like every other text, in the element JUnit keeps for a test's output.
      const output = test.output ? `\n      <system-out>${xml([...test.output.lines.map((line) => `${line.stream === 'stderr' ? '(stderr) ' : ''}${line.text}`), ...(test.output.more > 0 ? [`… +${test.output.more}`] : [])].join('\n'))}</system-out>` : '';
      return `${name}>\n      <${tag} type="${test.status}" message="${xml(test.message.split('\n')[0] ?? '')}">${xml(test.message)}</${tag}>${output}\n    </testcase>`;
    });
    return [
      `  <testsuite name="${xml(`${exercise.id} ${exercise.title}`)}" tests="${exercise.tests.length}" failures="${failures}" errors="${errors}">`,
      `    <properties><property name="points" value="${exercise.points}"/><property name="max_points" value="${exercise.max_points}"/></properties>`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const failures = report.tests_total - report.tests_passed;
  // The exercise-level score rides in the root name, which every JUnit reader shows; test counts stay in tests/failures.
  const name = `mcp-workshop score ${report.score}/${report.max_score}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(name)}" tests="${report.tests_total}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
