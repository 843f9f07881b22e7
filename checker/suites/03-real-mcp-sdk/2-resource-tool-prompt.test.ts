import { test } from 'vitest';
import { watchDiskWhile } from '../_lib/disk.ts';
import { described, ensure, say } from '../_lib/say.ts';
import { REPORT, SECRET, outcome, showOutcome, suiteOptions, withConnection, withoutDialect } from './support.ts';
import type { ServerOptions } from '../../../chapters/03-real-mcp-sdk/server.ts';
import { josa } from '../_lib/josa.ts';

const WHERE = 'chapters/03-real-mcp-sdk/server.ts';

test('lists summarize_document with its output schema and the read-only annotation', async () => {
  await withConnection(async ({ client }) => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'summarize_document');
    const input = tool?.inputSchema.properties?.['name'] as Record<string, unknown> | undefined;
    const output = tool?.outputSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    ensure(
      input?.['type'] === 'string' &&
        output?.['title']?.['type'] === 'string' &&
        output?.['body_lines']?.['type'] === 'integer' &&
        tool?.annotations?.readOnlyHint === true,
      {
        what: say(
          `summarize_document의 목록 항목이 다르다. 입력 name은 문자열, outputSchema의 body_lines는 정수(integer, z.int())여야 하고, 읽기 전용이라는 annotations.readOnlyHint가 있어야 한다. ${WHERE}`,
          `The tools/list entry of summarize_document differs: input name is a string, body_lines in outputSchema is an integer (z.int()), and annotations.readOnlyHint says it only reads. ${WHERE}`,
        ),
        got: withoutDialect(tool) ?? say('summarize_document가 목록에 없다', 'summarize_document is not listed'),
        expected: say(
          '입력 name의 type "string", outputSchema의 body_lines type "integer", annotations.readOnlyHint true',
          'input name of type "string", body_lines of type "integer" in outputSchema, annotations.readOnlyHint true',
        ),
      },
    );
  });
});

test('lists the allowed document as a resource and the review prompt with its required argument', async () => {
  await withConnection(async ({ client }) => {
    const resources = (await outcomeOf(() => client.listResources())) as { resources?: { uri: string; name: string; mimeType?: string }[] };
    const prompts = (await outcomeOf(() => client.listPrompts())) as { prompts?: { name: string; arguments?: { name: string; required?: boolean }[] }[] };
    const listed = (resources.resources ?? []).map(({ uri, name, mimeType }) => ({ uri, name, mimeType }));
    const prompt = (prompts.prompts ?? []).find((candidate) => candidate.name === 'review_document');
    ensure(JSON.stringify(listed) === '[{"uri":"docs://report.txt","name":"report.txt","mimeType":"text/plain"}]', {
      what: say(
        `resources/list에는 허용 목록의 문서만, MCP 필드 이름(uri, name, mimeType)으로 나와야 한다. secret.txt는 폴더에 있어도 목록에 없어야 한다. ${WHERE}`,
        `resources/list must show only the allowed documents, with MCP's field names (uri, name, mimeType); secret.txt is in the folder but must not be listed. ${WHERE}`,
      ),
      got: resources,
      expected: '[{"uri":"docs://report.txt","name":"report.txt","mimeType":"text/plain"}]',
    });
    ensure(prompt?.arguments?.some((argument) => argument.name === 'name' && argument.required === true) === true, {
      what: say(`prompts/list의 review_document에 필수 인자 name이 보여야 한다. ${WHERE}`, `review_document in prompts/list must show its required argument name. ${WHERE}`),
      got: prompts,
      expected: '{"name":"review_document","arguments":[{"name":"name","required":true}]}',
    });
  });
});

test('summarizes report.txt as text and matching structuredContent', async () => {
  await withConnection(async ({ client }) => {
    const got = await outcome(client.callTool({ name: 'summarize_document', arguments: { name: 'report.txt' } }));
    const expected = { title: '점검 보고서', body_lines: 3 };
    let parsedText: unknown = null;
    try {
      parsedText = got.kind === 'result' ? JSON.parse(got.text) : null;
    } catch {
      parsedText = null;
    }
    ensure(got.kind === 'result' && !got.isError && JSON.stringify(got.structured) === JSON.stringify(expected) && JSON.stringify(parsedText) === JSON.stringify(expected), {
      what: say(
        'structuredContent는 outputSchema에 맞아야 하고, 같은 내용을 JSON 글로 content에도 실어야 한다(2026-07-28 사양의 권고).',
        'structuredContent must fit the outputSchema, and the same data must also come as JSON text in content (a 2026-07-28 recommendation).',
      ),
      sent: { name: 'summarize_document', arguments: { name: 'report.txt' }, document: REPORT },
      got: described(showOutcome(got)),
      expected: say(`content의 글 ${JSON.stringify(expected)} | structuredContent ${JSON.stringify(expected)}`, `content text ${JSON.stringify(expected)} | structuredContent ${JSON.stringify(expected)}`),
    });
  });
});

test('refuses any name that is not a string, such as 123, ["report.txt"] or null, with an isError result', async () => {
  await withConnection(async ({ client }) => {
    for (const name of [123, 0, ['report.txt'], [], null, true, { name: 'report.txt' }]) {
      const got = await outcome(client.callTool({ name: 'summarize_document', arguments: { name } }));
      ensure(got.kind === 'result' && got.isError && got.structured === undefined, {
        what: say(
          `문서 이름은 문자열이어야 한다. 문자열로 바꿔(coerce) 받아들이면 ["report.txt"]가 "report.txt"가 된다. 스키마가 거절하게 하라. ${WHERE} (TODO(03/2))`,
          `A document name must be a string. Coercing turns ["report.txt"] into "report.txt"; let the schema refuse it. ${WHERE} (TODO(03/2))`,
        ),
        sent: { name: 'summarize_document', arguments: { name } },
        got: described(showOutcome(got)),
        expected: say('isError: true 결과, 요약 없음', 'an isError: true result, no summary'),
      });
    }
  });
});

/** Allowlists to try, each with the names it refuses: other documents on disk, one not on disk, look-alikes of an allowed one. */
const REFUSING: { documents: string[]; refused: string[] }[] = [
  { documents: ['report.txt'], refused: ['secret.txt', 'missing.txt', 'REPORT.TXT', 'report.txt ', './report.txt'] },
  { documents: ['secret.txt'], refused: ['report.txt', 'missing.txt'] },
];

/** Suite options whose allowlist holds `documents`, with report.txt and secret.txt on disk as always. */
function optionsAllowing(documents: readonly string[]): ServerOptions {
  return suiteOptions({ documents: new Set(documents) });
}

test('refuses a document not on the allowlist with an isError result naming the document', async () => {
  for (const { documents, refused } of REFUSING) {
    const options = optionsAllowing(documents);
    await withConnection(async ({ client }) => {
      for (const name of refused) {
        const sent = { name: 'summarize_document', arguments: { name }, allowlist: documents };
        const { value: got, touched } = await watchDiskWhile(options.documentsDir, () => outcome(client.callTool({ name: 'summarize_document', arguments: { name } })));
        const leaked = got.kind === 'result' && (got.text.includes('TOKEN') || JSON.stringify(got.structured ?? null).includes('TOKEN') || got.text.includes('점검 보고서'));
        ensure(got.kind === 'result' && got.isError && !leaked && touched.length === 0, {
          what: say(
            `${josa(name, '은/는')} 허용 목록 ${JSON.stringify(documents)}에 없다. 폴더에 있든 없든 파일을 읽기 전에 isError 결과로 거절해야 한다. 읽은 뒤에 거절하면 답은 같아 보여도 허용되지 않은 파일이 이미 열렸다. ${WHERE}`,
            `${name} is not on the allowlist ${JSON.stringify(documents)}. Whether or not it is in the folder, refuse it with an isError result before reading any file: refusing after reading may look the same, but a file that is not allowed was already opened. ${WHERE}`,
          ),
          sent,
          got: { outcome: showOutcome(got), filesRead: touched.map((path) => path.slice(options.documentsDir.length + 1)) },
          expected: say('isError: true 결과, 문서 내용 없음, 읽은 파일 없음', 'an isError: true result, no document content, no file read'),
        });
        // The SDK flags a plain result isError too, when it lacks the structuredContent the outputSchema promises; only the tool's own refusal names the document.
        ensure(got.text.includes(name), {
          what: say(
            `isError 결과의 글이 거절한 문서 이름을 밝히지 않는다. 모델이 읽고 고칠 수 있게 거절 글에 그 이름이 있고 isError: true여야 한다. isError 없이 글만 돌려주면 outputSchema가 약속한 structuredContent가 없어 SDK가 출력 검증 오류(isError)로 바꾸는데, 그 글은 모델에게 아무것도 알려 주지 않는다. ${WHERE}`,
            `The text of the isError result does not name the refused document. The refusal must name it and carry isError: true, so the model can read it and correct itself. A plain text result without isError lacks the structuredContent the outputSchema promises, so the SDK turns it into an output validation error (isError), whose text tells the model nothing. ${WHERE}`,
          ),
          sent,
          got: described(showOutcome(got)),
          expected: say(`isError: true 결과, 글에 ${name}`, `an isError: true result whose text names ${name}`),
        });
      }
    }, { options });
  }
});

test('reads docs://report.txt and refuses docs://secret.txt and docs://../report.txt as protocol errors', async () => {
  await withConnection(async ({ client }) => {
    const read = await outcomeOf(() => client.readResource({ uri: 'docs://report.txt' }));
    const text = JSON.stringify(read);
    ensure(text.includes(JSON.stringify(REPORT).slice(1, -1)), {
      what: say(`docs://report.txt를 읽으면 문서 내용이 와야 한다. ${WHERE}`, `Reading docs://report.txt must return the document. ${WHERE}`),
      sent: { method: 'resources/read', uri: 'docs://report.txt' },
      got: read,
      expected: REPORT,
    });
  });
  for (const { documents, refused } of REFUSING) {
    const options = optionsAllowing(documents);
    await withConnection(async ({ client }) => {
      // As addresses, only names a URL keeps as they are: a trailing space or ./ would be normalized away.
      for (const uri of [...refused.filter((name) => name === name.trim() && !name.startsWith('./')).map((name) => `docs://${name}`), 'docs://../report.txt']) {
        const { value: got, touched } = await watchDiskWhile(options.documentsDir, () => outcome(client.readResource({ uri })));
        const leaked = got.kind === 'result' || JSON.stringify(got).includes(SECRET.trim());
        ensure(got.kind === 'protocol' && got.code === -32602 && !leaked && touched.length === 0, {
          what: say(
            `허용 목록 ${JSON.stringify(documents)}에 없는 자원 주소는 파일을 읽기 전에 JSON-RPC 오류 -32602로 거절한다(2026-07-28: 없는 자원은 -32602). 자원 템플릿도 허용 목록을 거쳐야 한다. ${WHERE}`,
            `A resource address not on the allowlist ${JSON.stringify(documents)} is refused with JSON-RPC error -32602 before any file is read (2026-07-28: a missing resource is -32602); the resource template must check the allowlist too. ${WHERE}`,
          ),
          sent: { method: 'resources/read', uri, allowlist: documents },
          got: { outcome: showOutcome(got), filesRead: touched.map((path) => path.slice(options.documentsDir.length + 1)) },
          expected: say('프로토콜 오류 -32602, 읽은 파일 없음', 'protocol error -32602, no file read'),
        });
      }
    }, { options });
  }
});

test('requires the prompt argument', async () => {
  await withConnection(async ({ client }) => {
    const missing = await outcome(client.getPrompt({ name: 'review_document', arguments: {} }));
    ensure(missing.kind === 'protocol' && missing.code === -32602, {
      what: say(`review_document는 문서 이름 없이 부르면 -32602로 거절해야 한다(필수 인자). ${WHERE}`, `review_document called without a document name must be refused with -32602 (a required argument). ${WHERE}`),
      sent: { method: 'prompts/get', name: 'review_document', arguments: {} },
      got: described(showOutcome(missing)),
      expected: say('프로토콜 오류 -32602', 'protocol error -32602'),
    });
    const given = await outcomeOf(() => client.getPrompt({ name: 'review_document', arguments: { name: 'report.txt' } }));
    ensure(JSON.stringify(given).includes('report.txt'), {
      what: say(`review_document의 메시지는 받은 문서 이름을 가리켜야 한다. ${WHERE}`, `The review_document message must name the document it was given. ${WHERE}`),
      sent: { method: 'prompts/get', name: 'review_document', arguments: { name: 'report.txt' } },
      got: given,
      expected: say('report.txt를 언급하는 메시지', 'a message mentioning report.txt'),
    });
  });
});

/** The value of a request, or a readable line about why it failed (so a failure shows it instead of throwing). */
async function outcomeOf(request: () => Promise<unknown>): Promise<unknown> {
  const got = await outcome(request());
  return got.kind === 'result' ? got.raw : showOutcome(got);
}
