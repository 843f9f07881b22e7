import { test } from 'vitest';
import { watchDiskWhile } from '../_lib/disk.ts';
import { described, ensure, say, show } from '../_lib/say.ts';
import { josa } from '../_lib/josa.ts';
import { REPORT, SECRET, inDocsValue, inEachEra, outcome, showOutcome, suiteOptions, withConnection } from './support.ts';
import type { Connection } from './support.ts';

const WHERE = 'chapters/03-real-mcp-sdk/server.ts (TODO(03/2))';

/** Allowlists to try, each with the addresses it refuses: another document on disk, one not on disk, a look-alike, a path out. */
const ALLOWLISTS: { documents: string[]; refused: string[] }[] = [
  { documents: ['report.txt'], refused: ['docs://secret.txt', 'docs://missing.txt', 'docs://REPORT.TXT', 'docs://../report.txt'] },
  { documents: ['secret.txt'], refused: ['docs://report.txt', 'docs://missing.txt'] },
  { documents: ['report.txt', 'secret.txt'], refused: ['docs://missing.txt', 'docs://Secret.txt'] },
  { documents: [], refused: ['docs://report.txt', 'docs://secret.txt'] },
];

/** True for a text someone wrote: a string with something in it. */
function written(text: unknown): boolean {
  return typeof text === 'string' && text.trim() !== '';
}

/** The value of a request, or a readable line about why it failed (so a failure shows it instead of throwing). */
async function valueOf(request: () => Promise<unknown>): Promise<unknown> {
  const got = await outcome(request());
  return got.kind === 'result' ? got.raw : showOutcome(got);
}

/** The resources listed, as the fields the lesson names. */
async function listedResources({ client }: Connection): Promise<unknown> {
  const listed = (await valueOf(() => client.listResources())) as { resources?: { uri: string; name: string; mimeType?: string }[] } | string;
  return typeof listed === 'string' ? listed : (listed.resources ?? []).map(({ uri, name, mimeType }) => ({ uri, name, mimeType }));
}

test('lists exactly the allowed documents as resources under one docs:// template', async () => {
  await inEachEra(async (era) => {
    for (const { documents } of ALLOWLISTS) {
      await withConnection(era, async (connection) => {
        const got = await listedResources(connection);
        const expected = [...documents].sort().map((name) => ({ uri: `docs://${name}`, name, mimeType: 'text/plain' }));
        ensure(show(got) === show(expected), {
          what: say(
            `resources/list에는 허용 목록 ${show(documents)}의 문서만, MCP 필드 이름(uri, name, mimeType)으로 나와야 한다. 폴더에 있는 다른 파일은 보이지 않는다. ${WHERE}`,
            `resources/list must show the documents of the allowlist ${show(documents)} and no other, with MCP's field names (uri, name, mimeType); other files in the folder stay unseen. ${WHERE}`,
          ),
          sent: { method: 'resources/list', allowlist: documents },
          got,
          expected: show(expected),
        });
        const templates = (await valueOf(() => connection.client.listResourceTemplates())) as { resourceTemplates?: { uriTemplate: string; name?: string; title?: string; description?: string; mimeType?: string }[] } | string;
        const template = typeof templates === 'string' ? undefined : templates.resourceTemplates?.find((entry) => entry.uriTemplate === 'docs://{name}');
        ensure(template !== undefined && [template.name, template.title, template.description].every(written) && template.mimeType === 'text/plain', {
          what: say(
            `문서는 주소 틀 docs://{name} 하나로 내놓는다. resources/templates/list가 그 틀을 이름, 사람에게 보일 제목, 무엇을 가리키는지 말하는 설명, 형식(text/plain)과 함께 보여 줘야 클라이언트와 사용자가 주소를 만들고 고를 수 있다. ${WHERE}`,
            `The documents are served under one address template, docs://{name}; resources/templates/list must show it with a name, a title for people, a description of what it points at and its format (text/plain), so clients and users can build and pick addresses. ${WHERE}`,
          ),
          sent: { method: 'resources/templates/list' },
          got: templates,
          expected: '{"uriTemplate":"docs://{name}","name":"…","title":"…","description":"…","mimeType":"text/plain"}',
        });
      }, { options: suiteOptions({ documents: new Set(documents) }) });
    }
  });
});

test('reads an allowed document and refuses any other address with -32602 before reading a file', async () => {
  await inEachEra(async (era) => {
    for (const { documents, refused } of ALLOWLISTS) {
      const options = suiteOptions({ documents: new Set(documents) });
      await withConnection(era, async ({ client }) => {
        for (const name of documents) {
          const read = await valueOf(() => client.readResource({ uri: `docs://${name}` }));
          const text = name === 'report.txt' ? REPORT : SECRET;
          const contents = typeof read === 'string' ? [] : ((read as { contents?: { uri?: string; mimeType?: string; text?: string }[] }).contents ?? []);
          ensure(contents.length === 1 && contents[0]?.text === text && contents[0].uri === `docs://${name}` && contents[0].mimeType === 'text/plain', {
            what: say(`허용된 ${josa(`docs://${name}`, '을/를')} 읽으면 그 주소, 형식(text/plain), 문서 내용이 한 건으로 와야 한다. ${WHERE}`, `Reading the allowed docs://${name} must return one item with that address, its format (text/plain) and the document. ${WHERE}`),
            sent: { method: 'resources/read', uri: `docs://${name}`, allowlist: documents },
            got: inDocsValue(read),
            expected: `{"uri":"docs://${name}","mimeType":"text/plain","text":${JSON.stringify(text)}}`,
          });
        }
        for (const uri of refused) {
          const { value: got, touched, readAt } = await watchDiskWhile(options.documentsDir, () => outcome(client.readResource({ uri })));
          const leaked = got.kind === 'result' || JSON.stringify(got).includes(SECRET.trim()) || JSON.stringify(got).includes('점검 보고서');
          ensure(got.kind === 'protocol' && got.code === -32602 && got.message.includes(uri) && !leaked && touched.length === 0, {
            what: say(
              `허용 목록 ${show(documents)}에 없는 자원 주소다. 자원은 도구가 아니어서 결과로 거절하지 않는다. 없는 자원에는 그 주소를 밝힌 JSON-RPC 오류 -32602로 답하고(2026-07-28 Resources, 예전 개정판은 -32002), 파일은 열지 않는다. ${WHERE}`,
              `This resource address is not on the allowlist ${show(documents)}. A resource is not a tool, so it is not refused with a result: a missing resource gets JSON-RPC error -32602 naming the address (2026-07-28 Resources; older revisions used -32002), and no file is opened. ${WHERE}`,
            ),
            sent: { method: 'resources/read', uri, allowlist: documents },
            got: { outcome: showOutcome(got), filesRead: touched.map((path) => path.slice(options.documentsDir.length + 1)) },
            expected: say('주소를 밝힌 프로토콜 오류 -32602, 읽은 파일 없음', 'protocol error -32602 naming the address, no file read'),
            // A file read before the refusal points at the learner's line that read it.
            ...(readAt === undefined ? {} : { where: readAt }),
          });
        }
      }, { options });
    }
  });
});

test('lists the review prompt with a required, described argument', async () => {
  await inEachEra(async (era) => {
    await withConnection(era, async ({ client }) => {
      const prompts = (await valueOf(() => client.listPrompts())) as { prompts?: { name: string; title?: string; description?: string; arguments?: { name: string; required?: boolean; description?: string }[] }[] } | string;
      const prompt = typeof prompts === 'string' ? undefined : prompts.prompts?.find((candidate) => candidate.name === 'review_document');
      const argument = prompt?.arguments?.find((candidate) => candidate.name === 'name');
      ensure(
        prompt !== undefined && (prompt.arguments ?? []).length === 1 && argument?.required === true && written(argument.description) && written(prompt.title) && written(prompt.description),
        {
          what: say(
            `prompts/list의 review_document는 인자 name 하나를 반드시 받는다고 알리고, 사용자가 고르고 채울 수 있게 프롬프트에 제목과 설명을, 인자에 설명을 단다. ${WHERE}`,
            `review_document in prompts/list announces one argument, name, as required, and carries a title and a description on the prompt and a description on the argument, so the user can pick it and fill it in. ${WHERE}`,
          ),
          sent: { method: 'prompts/list' },
          got: prompts,
          expected: '{"name":"review_document","title":"…","description":"…","arguments":[{"name":"name","description":"…","required":true}]}',
        },
      );
    });
  });
});

test('gets the review questions for the named document, and answers -32602 without a name', async () => {
  await inEachEra(async (era) => {
    await withConnection(era, async ({ client }) => {
      for (const name of ['report.txt', 'notes-2026.txt']) {
        const given = await outcome(client.getPrompt({ name: 'review_document', arguments: { name } }));
        const messages = given.kind === 'result' ? ((given.raw as unknown as { messages?: { role: string; content: { type: string; text?: string } }[] }).messages ?? []) : [];
        const text = messages.map((message) => message.content.text ?? '').join('\n');
        ensure(messages.length > 0 && messages.every((message) => message.role === 'user') && text.includes(`docs://${name}`) && text.includes('3.'), {
          what: say(
            `review_document는 받은 문서 이름을 넣은 검토 질문(reviewQuestions)을 사용자 메시지로 돌려줘야 한다. ${WHERE}`,
            `review_document must return the review questions (reviewQuestions) for the document it was given, as user messages. ${WHERE}`,
          ),
          sent: { method: 'prompts/get', name: 'review_document', arguments: { name } },
          got: given.kind === 'result' ? messages : described(showOutcome(given)),
          expected: say(`${josa(`docs://${name}`, '을/를')} 가리키는 user 메시지`, `a user message pointing at docs://${name}`),
        });
      }
      for (const args of [{}, { document: 'report.txt' }] as Record<string, string>[]) {
        const missing = await outcome(client.getPrompt({ name: 'review_document', arguments: args }));
        ensure(missing.kind === 'protocol' && missing.code === -32602, {
          what: say(
            `문서 이름 없이 부른 review_document는 JSON-RPC 오류 -32602로 거절한다. 입력이 틀렸을 때 isError 결과로 답하는 것은 도구만의 규칙이다. 프롬프트와 자원은 잘못된 인자에 -32602로 답한다(2026-07-28 Prompts). ${WHERE}`,
            `review_document called without a document name is refused with JSON-RPC error -32602: answering bad input with an isError result is a rule for tools only, and prompts and resources answer bad arguments with -32602 (2026-07-28 Prompts). ${WHERE}`,
          ),
          sent: { method: 'prompts/get', name: 'review_document', arguments: args },
          got: described(showOutcome(missing)),
          expected: say('프로토콜 오류 -32602', 'protocol error -32602'),
        });
      }
    });
  });
});
