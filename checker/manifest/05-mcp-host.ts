import type { ChapterEntry } from './types.ts';

/** Chapter 5: the host, the side that decides; this part holds its input-required rounds. */
export const chapter: ChapterEntry = {
  id: '05',
  dir: '05-mcp-host',
  title: { ko: '호스트: 결정하는 쪽', en: 'The host: the side that decides' },
  outcome: {
    ko: '서버가 입력을 물어 오면 사람이 답하게 하고, 선언하지 않은 요청과 끝없는 라운드를 호스트 스스로 끊을 수 있다.',
    en: 'You can have the person answer when a server asks for input, and cut off undeclared requests and endless rounds from the host itself.',
  },
  exercises: [
    {
      id: '05/4',
      title: { ko: '입력을 묻는 라운드는 사람이 답한다', en: 'The person answers input-required rounds' },
      hint: {
        ko: '2026-07-28에서 서버는 호출에 InputRequiredResult로 답해 입력을 묻고, SDK 클라이언트가 라운드를 돌린다. 여러분이 정하는 것은 세 가지다: 클라이언트가 무엇을 받겠다고 선언하는지(capabilities), elicitation/create 처리기가 누구에게 묻는지, 한 호출이 몇 라운드까지 가는지. SDK 클라이언트 패키지의 ClientOptions 문서에서 inputRequired를, 명세의 client/elicitation에서 클라이언트가 반드시 할 일(MUST)을 찾아 읽어 보라. 함정: 서버가 제안한 값(default)을 사람 대신 채워 보내는 것, 서버가 스스로 붙인 이름을 믿는 것, 쓰지도 않을 모드까지 선언하는 것.',
        en: "On 2026-07-28 a server asks for input by answering a call with an InputRequiredResult, and the SDK client runs the rounds. Three things are yours: what the client declares it takes (capabilities), whom the elicitation/create handler asks, and how many rounds one call may take. Read inputRequired in the SDK client package's ClientOptions documentation, and the client's MUSTs in the specification's client/elicitation. Traps: sending the server's suggested values (default) in the person's place, trusting the name the server gives itself, declaring a mode you will not handle.",
      },
      rule: {
        ko: '입력을 묻는 라운드에서 서버가 묻는 form은 모두 사람에게 가되 호스트가 설정한 서버 이름과 서버가 쓴 그대로의 글·필드로 보이고, 사람이 답한 그대로 돌아가며(거절과 닫기는 그대로, 수락은 물은 필드 가운데 사람이 채운 것만, 호스트가 채운 것은 없이), 다시 보내는 호출은 그 라운드의 requestState를 바이트 그대로 싣고 없었으면 싣지 않으며, 호스트가 선언하지 않은 요청(URL 모드, sampling)은 사람에게 묻지 않고 거절되고, 어떤 호출도 5라운드를 넘지 않는다.',
        en: "Every form a server asks for in an input-required round reaches the person, named by the host's own name for the server and with the server's message and fields as written, and goes back exactly as the person answered it (decline and cancel as such, accept with only the requested fields the person filled, nothing filled in by the host); each retry carries the round's requestState byte for byte and none when the round had none; a request the host never declared (URL mode, sampling) is refused without asking the person; and no call takes more than 5 rounds.",
      },
      clauses: [
        { en: "Every form a server asks for in an input-required round reaches the person, named by the host's own name for the server and with the server's message and fields as written", tests: ["shows each form to the person with the configured server name and the server's message and fields as written"] },
        { en: 'goes back exactly as the person answered it', tests: ['sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled'] },
        { en: 'nothing filled in by the host', tests: ['sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled'] },
        { en: "each retry carries the round's requestState byte for byte and none when the round had none", tests: ['echoes each requestState byte for byte on the retry, and sends none when the round carried none'] },
        { en: 'a request the host never declared (URL mode, sampling) is refused without asking the person', tests: ['refuses URL-mode and sampling requests it never declared, without asking the person'] },
        { en: 'no call takes more than 5 rounds', tests: ['stops a call that keeps asking after at most 5 rounds'] },
      ],
      suite: '4-input-required-rounds.test.ts',
      todo: { file: 'rounds.ts' },
      tests: {
        "shows each form to the person with the configured server name and the server's message and fields as written": '서버가 묻는 form마다 설정한 서버 이름과 서버가 쓴 그대로의 글·필드로 사람에게 보인다',
        'sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled': '사람이 답한 것만 돌려보낸다: 거절과 닫기는 그대로, 수락은 물은 필드 가운데 사람이 채운 것만',
        'echoes each requestState byte for byte on the retry, and sends none when the round carried none': '다시 보낼 때 requestState를 바이트 그대로 싣고, 라운드에 없었으면 싣지 않는다',
        'refuses URL-mode and sampling requests it never declared, without asking the person': '선언하지 않은 URL 모드와 sampling 요청은 사람에게 묻지 않고 거절한다',
        'stops a call that keeps asking after at most 5 rounds': '계속 묻는 호출은 많아야 5라운드에서 멈춘다',
      },
    },
  ],
};
