import { test } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Tool } from '@modelcontextprotocol/client';
import { watchDiskWhile } from '../_lib/disk.ts';
import { described, ensure, say, show } from '../_lib/say.ts';
import { REPORT, inEachEra, outcome, showOutcome, suiteOptions, withConnection, withoutDialect } from './support.ts';
import type { Era, Outcome } from './support.ts';
import type { ServerOptions, Task } from '../../../chapters/03-real-mcp-sdk/server.ts';
import { josa } from '../_lib/josa.ts';

/** A text in both languages. */
interface Text {
  ko: string;
  en: string;
}

const WHERE = 'chapters/03-real-mcp-sdk/server.ts (TODO(03/1))';

/** Calls a tool with the given arguments on a fresh server of `era`. */
async function call(era: Era, name: string, args: unknown, options = suiteOptions()): Promise<Outcome> {
  return withConnection(era, ({ client }) => outcome(client.callTool({ name, arguments: args as Record<string, unknown> })), { options });
}

/** The listed entry of each tool, by name. */
async function listed(era: Era): Promise<Map<string, Tool>> {
  return withConnection(era, async ({ client }) => new Map((await client.listTools()).tools.map((tool) => [tool.name, tool])));
}

/**
 * Whether a result's text carries the content of its structured result: the serialized JSON of it, which the spec
 * recommends ("For backwards compatibility, a tool that returns structured content SHOULD also return the serialized
 * JSON in a TextContent block.", MCP 2025-06-18, server/tools, Structured Content; kept in 2026-07-28), or, since that
 * is a SHOULD, any wording that states every value of it (numbers as numbers, strings as written).
 */
function textCarries(text: string, structured: Record<string, unknown>, words: readonly string[] = []): boolean {
  try {
    if (show(JSON.parse(text)) === show(structured)) return true;
  } catch {
    // Not JSON: read it as words.
  }
  const numbers = (text.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const statesNumbers = Object.values(structured).every((value) => typeof value !== 'number' || numbers.includes(value));
  return statesNumbers && words.every((word) => text.includes(word));
}

/** Arguments to try on each tool: right ones, wrong values, wrong types, missing and extra keys. */
const CANDIDATES: Record<string, unknown[]> = {
  count_tasks: [
    { status: 'open' }, { status: 'done' }, { status: 'closed' }, { status: 'OPEN' }, { status: 'open ' }, { status: '' },
    { status: 7 }, { status: true }, { status: null }, { status: ['open'] }, {}, { state: 'open' },
    { status: 'open', priority: 'high' }, { status: 'done', force: true },
  ],
  summarize_document: [
    { name: 'report.txt' }, { name: 'secret.txt' }, { name: 123 }, { name: 0 }, { name: ['report.txt'] }, { name: [] },
    { name: null }, { name: true }, { name: { name: 'report.txt' } }, {}, { name: 'report.txt', force: true },
  ],
};

/** Arguments each listed input schema must accept, and ones it must refuse, to state the rule (read as a JSON Schema validator reads it). */
const STATES_RULE: Record<string, { accepts: unknown[]; refuses: unknown[]; rule: Text }> = {
  count_tasks: {
    accepts: [{ status: 'open' }, { status: 'done' }],
    refuses: [{ status: 'closed' }, { status: 7 }, {}, { status: 'open', priority: 'high' }],
    rule: { ko: 'status의 값은 "open"과 "done" 두 가지뿐, status는 반드시 있음, 다른 속성은 받지 않음', en: 'status takes only "open" or "done", status is required, no other property is accepted' },
  },
  summarize_document: {
    accepts: [{ name: 'report.txt' }, { name: 'missing.txt' }],
    refuses: [{ name: 123 }, { name: ['report.txt'] }, {}, { name: 'report.txt', force: true }],
    rule: { ko: 'name은 문자열, 반드시 있음, 다른 속성은 받지 않음', en: 'name is a string, required, no other property is accepted' },
  },
};

/** Structured results each listed output schema must accept, and the fields it must announce. */
const ANNOUNCES: Record<string, { fits: unknown; fields: string[] }> = {
  count_tasks: { fits: { status: 'open', count: 2 }, fields: ['count'] },
  summarize_document: { fits: { title: '점검 보고서', body_lines: 3 }, fields: ['title', 'body_lines'] },
};

test('lists both tools with input schemas that state their whole rule and output schemas that announce their results', async () => {
  const validator = new AjvJsonSchemaValidator();
  await inEachEra(async (era) => {
    const tools = await listed(era);
    for (const [name, { accepts, refuses, rule }] of Object.entries(STATES_RULE)) {
      const schema = tools.get(name)?.inputSchema;
      const check = schema ? validator.getValidator(schema as Parameters<typeof validator.getValidator>[0]) : undefined;
      const wrong = check ? [...accepts.filter((args) => !check(args).valid), ...refuses.filter((args) => check(args).valid)] : [];
      ensure(check !== undefined && wrong.length === 0, {
        what: say(
          `tools/list에 실린 ${name}의 inputSchema가 규칙을 다 말하지 않는다. 클라이언트와 모델은 이 스키마만 보고 인자를 만든다. 스키마 검사기로 읽었을 때 받는 인자와 거절하는 인자가 규칙과 같아야 한다(어떤 키워드로 적든). ${WHERE}`,
          `The inputSchema of ${name} in tools/list does not state the whole rule; clients and models build arguments from it alone, so read by a JSON Schema validator it must accept and refuse what the rule does (in whatever keywords). ${WHERE}`,
        ),
        // With no schema to try, nothing was sent: the failure has no sent line rather than "sent: undefined".
        ...(wrong.length > 0 ? { sent: { arguments: wrong } } : {}),
        got: withoutDialect(schema) ?? say(`${josa(name, '이/가')} 목록에 없다`, `${name} is not listed`),
        expected: say(rule.ko, rule.en),
      });
      const out = tools.get(name)?.outputSchema;
      const { fits, fields } = ANNOUNCES[name]!;
      const properties = (out?.properties ?? {}) as Record<string, unknown>;
      const announced = out !== undefined && fields.every((field) => field in properties) && validator.getValidator(out as Parameters<typeof validator.getValidator>[0])(fits).valid;
      ensure(announced, {
        what: say(
          `${name}의 outputSchema가 결과의 모양을 알리지 않는다. 구조화된 결과를 돌려주는 도구는 목록의 outputSchema로 그 필드(${fields.join(', ')})를 알리고, 그 스키마는 ${show(fits)} 같은 결과를 받아야 한다. ${WHERE}`,
          `The outputSchema of ${name} does not announce the shape of its result: a tool returning a structured result announces its fields (${fields.join(', ')}) in the listed outputSchema, and that schema accepts a result such as ${show(fits)}. ${WHERE}`,
        ),
        got: withoutDialect(out) ?? null,
        expected: say(`필드 ${josa(fields.join(', '), '을/를')} 알리고 ${josa(show(fits), '을/를')} 받는 outputSchema`, `an outputSchema announcing ${fields.join(', ')} that accepts ${show(fits)}`),
      });
    }
  });
});

test('accepts exactly the arguments its listed input schema accepts', async () => {
  const validator = new AjvJsonSchemaValidator();
  await inEachEra(async (era) => {
    await withConnection(era, async ({ client }) => {
      const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
      for (const [name, candidates] of Object.entries(CANDIDATES)) {
        const schema = tools.get(name)?.inputSchema;
        ensure(schema !== undefined, {
          what: say(`${josa(name, '이/가')} tools/list에 없다. 두 도구를 모두 등록해야 한다. ${WHERE}`, `${name} is not in tools/list; both tools must be registered. ${WHERE}`),
          got: [...tools.keys()],
          expected: 'count_tasks, summarize_document',
        });
        const check = validator.getValidator(schema as Parameters<typeof validator.getValidator>[0]);
        for (const args of candidates) {
          const promised = check(args).valid;
          const got = await outcome(client.callTool({ name, arguments: args as Record<string, unknown> }));
          const accepted = got.kind === 'result' && !got.isError;
          ensure(promised === accepted, {
            what: promised
              ? say(
                  `tools/list가 알린 ${name}의 입력 스키마는 이 인자를 받는다고 하는데, 서버는 거절했다. 모델은 목록의 스키마만 보고 인자를 만든다. 목록이 말하지 않는 규칙을 처리기에서 따로 검사하면, 모델은 그 규칙을 알 길 없이 틀린 호출을 되풀이한다. ${WHERE}`,
                  `The input schema tools/list announces for ${name} accepts these arguments, but the server refused them. A model builds arguments from the listed schema alone; a rule the list does not state, checked apart in the handler, is one the model has no way to learn. ${WHERE}`,
                )
              : say(
                  `tools/list가 알린 ${name}의 입력 스키마는 이 인자를 거절하는데, 서버는 받아서 실행했다. 알린 스키마와 실제 검사가 어긋난다. 받은 값을 다른 타입으로 바꿔 받아들이거나 모르는 키를 흘려보내면, 목록에는 보이지 않는 입력이 처리기까지 간다(목록의 type은 그대로 "string"이라도). ${WHERE}`,
                  `The input schema tools/list announces for ${name} refuses these arguments, but the server took them and ran. The announced schema and the real check disagree: turning a value of another type into the one expected, or letting unknown keys through, lets input the list never shows reach the handler (even while the listed type still says "string"). ${WHERE}`,
                ),
            sent: { name, arguments: args },
            got: described(showOutcome(got)),
            expected: promised ? say('결과(isError 아님)', 'a result (not isError)') : say('isError: true 결과', 'an isError: true result'),
          });
        }
      }
    }, { options: suiteOptions({ documents: new Set(['report.txt', 'secret.txt']) }) });
  });
});

test('counts the tasks it was given as text and matching structuredContent', async () => {
  const done = (title: string): Task => ({ title, status: 'done' });
  const cases: [tasks: Task[] | undefined, status: 'open' | 'done', count: number][] = [
    [undefined, 'open', 2],
    [undefined, 'done', 1],
    [[done('a'), done('b'), done('c')], 'done', 3],
    [[done('a'), done('b'), done('c')], 'open', 0],
    [[], 'open', 0],
    [[done('a'), { title: 'd', status: 'open' }], 'open', 1],
  ];
  await inEachEra(async (era) => {
    for (const [tasks, status, count] of cases) {
      const got = await call(era, 'count_tasks', { status }, tasks ? suiteOptions({ tasks }) : suiteOptions());
      ensure(got.kind === 'result' && !got.isError && textCarries(got.text, { status, count }) && show(got.structured) === show({ status, count }), {
        what: say(
          `설정으로 받은 작업 자료(tasks)를 세어, 그 개수 ${josa(String(count), '을/를')} 말하는 글(어떤 표현이든, 또는 구조화된 결과의 JSON)과 structuredContent ${josa(show({ status, count }), '을/를')} 함께 돌려줘야 한다. 글은 사람과 옛 클라이언트가, structuredContent는 outputSchema를 아는 클라이언트가 읽는다. ${WHERE}`,
          `Count the task data given in the settings (tasks) and return a text stating the count ${count} (in any wording, or the JSON of the structured result) with structuredContent ${show({ status, count })}: the text is for people and older clients, structuredContent for clients that know the outputSchema. ${WHERE}`,
        ),
        sent: { name: 'count_tasks', arguments: { status }, tasks: tasks ?? say('(2장의 작업 자료)', '(the chapter 2 task data)') },
        got: described(showOutcome(got)),
        expected: say(`개수 ${josa(String(count), '을/를')} 말하는 글 | structuredContent ${show({ status, count })}`, `text stating ${count} | structuredContent ${show({ status, count })}`),
      });
    }
  });
});

test('refuses any other status, an extra key or a missing status with an isError result naming the field', async () => {
  // Each call, and the words of which one a refusal must hold to name the field at fault: the key itself, or for a
  // wrong value of status also that value or an allowed one. Any wording around them passes.
  const cases: [args: unknown, names: string[]][] = [
    [{ status: 'closed' }, ['status', 'closed', 'open', 'done']], [{ status: 'OPEN' }, ['status', 'OPEN', 'open', 'done']], [{ status: 'all' }, ['status', 'all', 'open', 'done']],
    [{ status: 'open', priority: 'high' }, ['priority']], [{ status: 'done', Status: 'done' }, ['Status']],
    [{}, ['status']], [{ status: null }, ['status']], [{ status: ['open'] }, ['status']],
  ];
  await inEachEra(async (era) => {
    await withConnection(era, async ({ client }) => {
    for (const [args, names] of cases) {
      const got = await outcome(client.callTool({ name: 'count_tasks', arguments: args as Record<string, unknown> }));
      const counted = got.kind === 'result' && /\d/.test(got.text) && /:\s*\d+\s*$/.test(got.text);
      const mentions = names.join(' / ');
      ensure(got.kind === 'result' && got.isError && !counted && names.some((word) => got.text.includes(word)), {
        what: say(
          `이런 호출은 세지 않고, 모델이 읽고 고칠 수 있게 어느 필드가 틀렸는지(${mentions}) 밝힌 isError 결과로 돌려준다(도구 실행 오류: 2025-11-25부터 권장, 2026-07-28도 같다). 표현은 자유다. ${WHERE}`,
          `Such a call is never counted; it comes back as an isError result naming the field at fault (${mentions}), which the model can read and fix (a tool execution error: recommended since 2025-11-25, the same in 2026-07-28); any wording does. ${WHERE}`,
        ),
        sent: { name: 'count_tasks', arguments: args },
        got: described(showOutcome(got)),
        expected: say(`isError: true, 내용에 ${mentions} 가운데 하나`, `isError: true, text naming one of ${mentions}`),
      });
    }
    });
  });
});

test('summarizes an allowed document as text and matching structuredContent', async () => {
  await inEachEra(async (era) => {
    const got = await call(era, 'summarize_document', { name: 'report.txt' });
    const expected = { title: '점검 보고서', body_lines: 3 };
    ensure(got.kind === 'result' && !got.isError && show(got.structured) === show(expected) && textCarries(got.text, expected, [expected.title]), {
      what: say(
        `structuredContent는 outputSchema에 맞는 요약이어야 하고, content의 글도 같은 내용(제목과 줄 수)을 말해야 한다. 명세는 그 글로 구조화된 결과의 JSON을 권한다("a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block", 2025-06-18부터, 2026-07-28도 같다). ${WHERE}`,
        `structuredContent must be the summary fitting the outputSchema, and the text in content must state the same (the title and the number of lines); the spec recommends the serialized JSON for it ("a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block", since 2025-06-18, the same in 2026-07-28). ${WHERE}`,
      ),
      sent: { name: 'summarize_document', arguments: { name: 'report.txt' }, document: REPORT },
      got: described(showOutcome(got)),
      expected: say(`제목과 줄 수를 말하는 글(예: ${show(expected)}) | structuredContent ${show(expected)}`, `text stating the title and the lines (such as ${show(expected)}) | structuredContent ${show(expected)}`),
    });
  });
});

/** Allowlists to try, each with the names it refuses: other documents on disk, one not on disk, look-alikes of an allowed one. */
const REFUSING: { documents: string[]; refused: string[] }[] = [
  { documents: ['report.txt'], refused: ['secret.txt', 'missing.txt', 'REPORT.TXT', 'report.txt ', './report.txt'] },
  { documents: ['secret.txt'], refused: ['report.txt', 'missing.txt'] },
];

test('refuses a document off the allowlist before reading any file, naming it', async () => {
  await inEachEra(async (era) => {
    for (const { documents, refused } of REFUSING) {
      const options: ServerOptions = suiteOptions({ documents: new Set(documents) });
      await withConnection(era, async ({ client }) => {
        for (const name of refused) {
          const sent = { name: 'summarize_document', arguments: { name }, allowlist: documents };
          const { value: got, touched, readAt } = await watchDiskWhile(options.documentsDir, () => outcome(client.callTool({ name: 'summarize_document', arguments: { name } })));
          const leaked = got.kind === 'result' && (got.text.includes('TOKEN') || show(got.structured ?? null).includes('TOKEN') || got.text.includes('점검 보고서'));
          ensure(got.kind === 'result' && got.isError && !leaked && touched.length === 0 && got.text.includes(name), {
            what: say(
              `${josa(name, '은/는')} 허용 목록 ${show(documents)}에 없다. 폴더에 있든 없든 파일을 열기 전에, 그 이름을 밝힌 isError 결과로 거절한다. 읽은 뒤에 거절하면 답은 같아 보여도 허용되지 않은 파일이 이미 열렸다. isError 없이 글만 돌려주면 outputSchema가 약속한 structuredContent가 없어 SDK가 출력 검증 오류로 바꾸고, 그 글은 모델에게 아무것도 알려 주지 않는다. ${WHERE}`,
              `${name} is not on the allowlist ${show(documents)}. Whether or not it is in the folder, refuse it before opening any file, with an isError result that names it: refusing after reading may look the same, but a file that is not allowed was already opened. A plain text result lacks the structuredContent the outputSchema promises, so the SDK turns it into an output validation error whose text tells the model nothing. ${WHERE}`,
            ),
            sent,
            got: { outcome: showOutcome(got), filesRead: touched.map((path) => path.slice(options.documentsDir.length + 1)) },
            expected: say(`isError: true 결과, 글에 ${name}, 문서 내용 없음, 읽은 파일 없음`, `an isError: true result naming ${name}, no document content, no file read`),
            // A file read before the refusal points at the learner's line that read it.
            ...(readAt === undefined ? {} : { where: readAt }),
          });
        }
      }, { options });
    }
  });
});

test('gives each tool a title and a description, and each argument a description', async () => {
  await inEachEra(async (era) => {
    const tools = await listed(era);
    for (const name of ['count_tasks', 'summarize_document']) {
      const tool = tools.get(name);
      const properties = (tool?.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const undescribed = Object.entries(properties).filter(([, schema]) => typeof schema['description'] !== 'string' || schema['description'].trim() === '').map(([key]) => key);
      const titled = typeof tool?.title === 'string' && tool.title.trim() !== '';
      const describedTool = typeof tool?.description === 'string' && tool.description.trim() !== '';
      ensure(tool !== undefined && titled && describedTool && undescribed.length === 0 && Object.keys(properties).length > 0, {
        what: say(
          `모델은 도구를 고르고 인자를 채울 때 tools/list의 제목, 설명, 인자 설명만 읽는다. ${name}에는 사람에게 보일 title, 모델이 읽을 description, 인자마다 무엇을 넣을지 말하는 설명이 있어야 한다. ${WHERE}`,
          `A model picks a tool and fills its arguments from what tools/list says: the title, the description and each argument's description. ${name} needs a title for people, a description for the model, and a description on each argument saying what goes in it. ${WHERE}`,
        ),
        got: withoutDialect(tool) ?? say(`${josa(name, '이/가')} 목록에 없다`, `${name} is not listed`),
        expected: say('title, description, 인자마다 description', 'a title, a description, and a description on each argument'),
      });
    }
  });
});
