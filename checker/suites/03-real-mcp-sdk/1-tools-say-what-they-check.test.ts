import { test } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Tool } from '@modelcontextprotocol/client';
import { watchDiskWhile } from '../_lib/disk.ts';
import { described, ensure, say, show } from '../_lib/say.ts';
import { REPORT, inEachEra, outcome, showOutcome, suiteOptions, withConnection, withoutDialect } from './support.ts';
import type { Era, Outcome } from './support.ts';
import type { ServerOptions, Task } from '../../../chapters/03-real-mcp-sdk/server.ts';
import { josa } from '../_lib/josa.ts';

const WHERE = 'chapters/03-real-mcp-sdk/server.ts (TODO(03/1))';

/** Calls a tool with the given arguments on a fresh server of `era`. */
async function call(era: Era, name: string, args: unknown, options = suiteOptions()): Promise<Outcome> {
  return withConnection(era, ({ client }) => outcome(client.callTool({ name, arguments: args as Record<string, unknown> })), { options });
}

/** The listed entry of each tool, by name. */
async function listed(era: Era): Promise<Map<string, Tool>> {
  return withConnection(era, async ({ client }) => new Map((await client.listTools()).tools.map((tool) => [tool.name, tool])));
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

test('lists both tools with schemas that state their whole rule and an output schema', async () => {
  await inEachEra(async (era) => {
    const tools = await listed(era);
    const count = tools.get('count_tasks');
    const summary = tools.get('summarize_document');
    const countIn = count?.inputSchema as Record<string, unknown> | undefined;
    const status = (countIn?.['properties'] as Record<string, Record<string, unknown>> | undefined)?.['status'];
    const enumValues = Array.isArray(status?.['enum']) ? [...(status['enum'] as unknown[])].sort() : null;
    ensure(JSON.stringify(enumValues) === '["done","open"]' && JSON.stringify(countIn?.['required']) === '["status"]' && countIn?.['additionalProperties'] === false, {
      what: say(
        `tools/list에 실린 count_tasks의 inputSchema가 규칙을 다 말하지 않는다. 클라이언트와 모델은 이 스키마만 보고 인자를 만든다. 받는 값이 무엇무엇인지, status가 꼭 있어야 하는지, 다른 키를 받는지가 모두 스키마에 보여야 한다. ${WHERE}`,
        `The inputSchema of count_tasks in tools/list does not state the whole rule; clients and models build arguments from it alone, so which values are taken, that status is required, and whether other keys are taken must all show in it. ${WHERE}`,
      ),
      got: withoutDialect(countIn) ?? say('count_tasks가 목록에 없다', 'count_tasks is not listed'),
      expected: say('status의 값은 "open"과 "done" 두 가지뿐, status는 반드시 있음, 다른 속성은 받지 않음', 'status takes only "open" or "done", status is required, no other property is accepted'),
    });
    const summaryIn = summary?.inputSchema as Record<string, unknown> | undefined;
    const name = (summaryIn?.['properties'] as Record<string, Record<string, unknown>> | undefined)?.['name'];
    ensure(name?.['type'] === 'string' && JSON.stringify(summaryIn?.['required']) === '["name"]' && summaryIn?.['additionalProperties'] === false, {
      what: say(
        `tools/list에 실린 summarize_document의 inputSchema가 다르다. 문서 이름 name 하나, 문자열, 반드시 있어야 하고 다른 키는 받지 않는다. ${WHERE}`,
        `The inputSchema of summarize_document in tools/list differs: one document name, a string, required, and no other key. ${WHERE}`,
      ),
      got: withoutDialect(summaryIn) ?? say('summarize_document가 목록에 없다', 'summarize_document is not listed'),
      expected: say('name은 문자열(type "string"), 반드시 있음, 다른 속성은 받지 않음', 'name is a string (type "string"), required, no other property is accepted'),
    });
    const countOut = count?.outputSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    const summaryOut = summary?.outputSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    ensure(countOut?.['count']?.['type'] === 'integer' && summaryOut?.['title']?.['type'] === 'string' && summaryOut?.['body_lines']?.['type'] === 'integer', {
      what: say(
        `두 도구의 outputSchema가 결과의 모양을 말하지 않는다. count_tasks는 개수 count를, summarize_document는 제목 title(문자열)과 줄 수 body_lines를 알리고, 개수와 줄 수는 정수(JSON Schema의 integer)다. 2.5개나 2.5줄은 없다. ${WHERE}`,
        `The outputSchema of the two tools does not state the shape of their results: count_tasks announces a count, summarize_document a title (a string) and body_lines, and a count or a number of lines is an integer (JSON Schema integer): there are no 2.5 lines. ${WHERE}`,
      ),
      got: { count_tasks: withoutDialect(count?.outputSchema) ?? null, summarize_document: withoutDialect(summary?.outputSchema) ?? null },
      expected: say('count_tasks의 count와 summarize_document의 body_lines는 type "integer", title은 "string"', 'count of count_tasks and body_lines of summarize_document of type "integer", title of type "string"'),
    });
    ensure(count?.annotations?.readOnlyHint === true && summary?.annotations?.readOnlyHint === true, {
      what: say(`두 도구는 읽기만 한다. 목록의 annotations가 그것을 알려야 호스트가 확인 단계를 정할 수 있다(믿을 만한 서버일 때의 힌트일 뿐이다). ${WHERE}`, `Both tools only read; their listed annotations must say so, so a host can decide its confirmation step (a hint, trusted only from a trusted server). ${WHERE}`),
      got: { count_tasks: count?.annotations ?? null, summarize_document: summary?.annotations ?? null },
      expected: say('두 도구 모두 readOnlyHint: true', 'readOnlyHint: true on both'),
    });
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
      ensure(got.kind === 'result' && !got.isError && got.text === `${status}: ${count}` && show(got.structured) === show({ status, count }), {
        what: say(
          `설정으로 받은 작업 자료(tasks)를 세어, 글 "${status}: ${count}"와 같은 내용의 structuredContent를 함께 돌려줘야 한다. 글은 사람과 옛 클라이언트가, structuredContent는 outputSchema를 아는 클라이언트가 읽는다. ${WHERE}`,
          `Count the task data given in the settings (tasks) and return the text "${status}: ${count}" with structuredContent of the same content: the text is for people and older clients, structuredContent for clients that know the outputSchema. ${WHERE}`,
        ),
        sent: { name: 'count_tasks', arguments: { status }, tasks: tasks ?? say('(2장의 작업 자료)', '(the chapter 2 task data)') },
        got: described(showOutcome(got)),
        expected: `${status}: ${count} | structuredContent ${show({ status, count })}`,
      });
    }
  });
});

test('refuses any other status, an extra key or a missing status with an isError result naming it', async () => {
  const cases: [args: unknown, mentions: string][] = [
    [{ status: 'closed' }, 'open'], [{ status: 'OPEN' }, 'done'], [{ status: 'all' }, 'open'],
    [{ status: 'open', priority: 'high' }, 'priority'], [{ status: 'done', Status: 'done' }, 'Status'],
    [{}, 'status'], [{ status: null }, 'status'], [{ status: ['open'] }, 'status'],
  ];
  await inEachEra(async (era) => {
    await withConnection(era, async ({ client }) => {
    for (const [args, mentions] of cases) {
      const got = await outcome(client.callTool({ name: 'count_tasks', arguments: args as Record<string, unknown> }));
      const counted = got.kind === 'result' && /\d/.test(got.text) && /:\s*\d+\s*$/.test(got.text);
      ensure(got.kind === 'result' && got.isError && !counted && got.text.includes(mentions), {
        what: say(
          `이런 호출은 세지 않고, 모델이 읽고 고칠 수 있게 무엇이 틀렸는지(${mentions}) 밝힌 isError 결과로 돌려준다(도구 실행 오류: 2025-11-25부터 권장, 2026-07-28도 같다). ${WHERE}`,
          `Such a call is never counted; it comes back as an isError result naming what was wrong (${mentions}), which the model can read and fix (a tool execution error: recommended since 2025-11-25, the same in 2026-07-28). ${WHERE}`,
        ),
        sent: { name: 'count_tasks', arguments: args },
        got: described(showOutcome(got)),
        expected: say(`isError: true, 내용에 ${mentions}`, `isError: true, text mentioning ${mentions}`),
      });
    }
    });
  });
});

test('summarizes an allowed document as text and matching structuredContent', async () => {
  await inEachEra(async (era) => {
    const got = await call(era, 'summarize_document', { name: 'report.txt' });
    const expected = { title: '점검 보고서', body_lines: 3 };
    let parsedText: unknown = null;
    try {
      parsedText = got.kind === 'result' ? JSON.parse(got.text) : null;
    } catch {
      parsedText = null;
    }
    ensure(got.kind === 'result' && !got.isError && show(got.structured) === show(expected) && show(parsedText) === show(expected), {
      what: say(
        `structuredContent는 outputSchema에 맞아야 하고, 같은 내용을 JSON 글로 content에도 실어야 한다(2025-06-18부터, 2026-07-28도 권고). ${WHERE}`,
        `structuredContent must fit the outputSchema, and the same data must also come as JSON text in content (recommended since 2025-06-18, and in 2026-07-28). ${WHERE}`,
      ),
      sent: { name: 'summarize_document', arguments: { name: 'report.txt' }, document: REPORT },
      got: described(showOutcome(got)),
      expected: say(`content의 글 ${show(expected)} | structuredContent ${show(expected)}`, `content text ${show(expected)} | structuredContent ${show(expected)}`),
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
          const { value: got, touched } = await watchDiskWhile(options.documentsDir, () => outcome(client.callTool({ name: 'summarize_document', arguments: { name } })));
          const leaked = got.kind === 'result' && (got.text.includes('TOKEN') || show(got.structured ?? null).includes('TOKEN') || got.text.includes('점검 보고서'));
          ensure(got.kind === 'result' && got.isError && !leaked && touched.length === 0 && got.text.includes(name), {
            what: say(
              `${josa(name, '은/는')} 허용 목록 ${show(documents)}에 없다. 폴더에 있든 없든 파일을 열기 전에, 그 이름을 밝힌 isError 결과로 거절한다. 읽은 뒤에 거절하면 답은 같아 보여도 허용되지 않은 파일이 이미 열렸다. isError 없이 글만 돌려주면 outputSchema가 약속한 structuredContent가 없어 SDK가 출력 검증 오류로 바꾸고, 그 글은 모델에게 아무것도 알려 주지 않는다. ${WHERE}`,
              `${name} is not on the allowlist ${show(documents)}. Whether or not it is in the folder, refuse it before opening any file, with an isError result that names it: refusing after reading may look the same, but a file that is not allowed was already opened. A plain text result lacks the structuredContent the outputSchema promises, so the SDK turns it into an output validation error whose text tells the model nothing. ${WHERE}`,
            ),
            sent,
            got: { outcome: showOutcome(got), filesRead: touched.map((path) => path.slice(options.documentsDir.length + 1)) },
            expected: say(`isError: true 결과, 글에 ${name}, 문서 내용 없음, 읽은 파일 없음`, `an isError: true result naming ${name}, no document content, no file read`),
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
