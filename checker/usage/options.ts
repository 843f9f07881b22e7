import type { Lang } from './messages.ts';

/*
 * Every option of every command, declared once. OPTIONS names each option with its placeholder (none for a switch)
 * and what it means where a command says nothing more; COMMAND_LINES gives each command its operands and the options
 * it takes, in the order its usage line lists them, with the meaning it gives an option where that differs. Parsing
 * (readOptions in command-line.ts), the usage line and the --help rows (help.ts) are all read from these two tables,
 * so an option cannot be accepted without being explained, nor explained without being accepted.
 */

/** Text in the checker's two languages. */
type Said = Readonly<Record<Lang, string>>;

/** One option: its placeholder in a usage line (absent for a switch) and what it means by default. */
interface OptionSpec {
  readonly value?: string;
  readonly about: Said;
}

/** Every option any command takes; `--lang` (and `-h`/`--help`) every command takes, explained once in the help's footer. */
export const OPTIONS = {
  '--lang': { value: 'ko|en', about: { ko: '말하는 언어', en: 'the language spoken' } },
  '--target': { value: 'DIR', about: { ko: '다른 폴더(저장소 사본 또는 chapters 폴더)', en: 'another folder (a course copy or a chapters folder)' } },
  '--json': { value: 'FILE', about: { ko: '결과를 JSON 파일로도 쓴다', en: 'also write the results as a JSON file' } },
  '--junit': { value: 'FILE', about: { ko: '결과를 JUnit XML 파일로도 쓴다', en: 'also write the results as a JUnit XML file' } },
  '--timeout': { value: 'SECONDS', about: { ko: '연습 파일 하나가 쓸 CPU 시간(기본 10)', en: 'CPU time per exercise file (default 10)' } },
  '--suites': { value: 'DIR', about: { ko: '강사의 비공개(숨은) 테스트를 공개 테스트에 더한다', en: "add an instructor's private (hidden) suites to the public ones" } },
  '--all': { about: { ko: '모든 장을 자세히', en: 'every chapter in detail' } },
  '--quiet': { about: { ko: '마지막 두 줄만', en: 'last two lines only' } },
  '--shown-as': { value: 'NAME', about: { ko: '메시지가 채점 대상의 장 폴더를 부를 이름(임시 경로 대신)', en: "the name messages give the target's chapters folder (instead of its temporary path)" } },
  '--starters-git': { value: 'DIR', about: { ko: '커밋된 시작 코드를 읽을 git 폴더(기록 없이 풀린 기준 커밋용)', en: 'the git folder to read the committed starters from (for a base unpacked with no history)' } },
  '--port': { value: 'PORT', about: { ko: '포트(0은 빈 포트)', en: 'port (0 for any free one)' } },
  '--scopes': { value: 'LIST', about: { ko: '토큰의 범위(기본 tasks:read,docs:read)', en: "the token's scopes (default tasks:read,docs:read)" } },
  '--issuer': {
    value: 'URL',
    about: {
      ko: '시험용 토큰 대신 이 인가 서버(예: npm run auth-server)가 발급한 JWT만 받는다: 서명(JWKS), 발급자, 대상(이 서버 주소), 만료를 확인한다',
      en: 'instead of a test token, accept only JWTs this authorization server (such as npm run auth-server) issued: signature (JWKS), issuer, audience (this server\'s URL) and expiry are checked',
    },
  },
  '--config': { value: 'FILE', about: { ko: '반 설정(가중치, 명부, 마감, 과제, Canvas 과제 이름)', en: 'class file (weights, roster, deadline, assignments, Canvas assignment name)' } },
  '--assignment': { value: 'NAME', about: { ko: '반 설정의 과제 하나만 그 점수로 채점', en: 'grade one assignment of the class file with its points' } },
  '--model': {
    value: 'scripted|anthropic|openai',
    about: {
      ko: 'scripted(기본, 오프라인), anthropic(ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL), openai(OPENAI_API_KEY, OPENAI_BASE_URL: Ollama, LM Studio, vLLM도)',
      en: 'scripted (default, offline), anthropic (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL), openai (OPENAI_API_KEY, OPENAI_BASE_URL: Ollama, LM Studio, vLLM too)',
    },
  },
  '--model-name': { value: 'NAME', about: { ko: '모델 이름(anthropic, openai에서 꼭)', en: 'the model (required with anthropic and openai)' } },
  '--prompt': { value: 'TEXT', about: { ko: '한 번 묻고 끝낸다(없으면 한 줄씩 묻는다)', en: 'ask once and end (else one prompt per line)' } },
  '--approvals': { value: 'FILE', about: { ko: '승인 파일', en: 'the approvals file' } },
  '--out': { value: 'DIR', about: { ko: '쓸 폴더', en: 'the folder to write' } },
  '--deadline': {
    value: 'TIME',
    about: {
      ko: '.git 사본을 이 시각 이전 마지막 커밋으로 채점(커밋하지 않은 더 새 작업이나 학생 자신의 커밋이 없으면 그 줄에 적는다)',
      en: "grade .git copies at their last commit at or before it (a row says so when newer work was left out or no commit is the student's own)",
    },
  },
  '--only': {
    value: 'NAME,...',
    about: {
      ko: '이미 있는 성적표에 이 학생들만 다시 채점(--config를 빼면 성적표의 설정을 쓰고, 다른 설정이면 거절)',
      en: "regrade these students into the existing gradebook (without --config it takes the gradebook's settings; other settings are refused)",
    },
  },
  '--shard': {
    value: 'I/N',
    about: {
      ko: '반을 N조각으로 나눈 I번째만 채점(러너 여러 대용, 학생은 이름으로 늘 같은 조각), grade:merge로 합친다',
      en: 'grade only part I of N (for several runners; a student always falls in the same part by name); grade:merge joins them',
    },
  },
  '--similarity': { about: { ko: '사람이 살펴볼 비슷한 제출물 표시', en: 'flag similar submissions for a person to review' } },
  '--sign': { about: { ko: '표준 입력의 키로 성적표 폴더에 서명(반 워크플로용)', en: 'sign the gradebook folder with a key on standard input (for the class workflow)' } },
  '--base': { value: 'REF', about: { ko: '믿는 채점기가 있는 기준 커밋', en: 'the base commit holding the trusted checker' } },
  '--head': { value: 'REF', about: { ko: '채점할 chapters/가 있는 헤드 커밋', en: "the head commit whose chapters/ is graded" } },
  '--repo': { value: 'DIR', about: { ko: '두 커밋이 든 git 사본(기본: 현재 폴더)', en: 'the git copy holding both (default: the current folder)' } },
  '--run-as': { value: 'USER', about: { ko: '채점기를 이 사용자로 돌린다(CI 전용)', en: 'run the checker as this user (CI only)' } },
  '--modern': {
    about: { ko: '2026-07-28 방식(--protocol-era modern)으로 연다(기본: 지금의 호스트처럼 initialize, 2025-11-25)', en: "opens the 2026-07-28 way (--protocol-era modern; default: initialize at 2025-11-25, as today's hosts do)" },
  },
  '--print': { about: { ko: '명령만 찍고 띄우지 않는다', en: 'print the command only' } },
  '--submission': { value: 'DIR', about: { ko: 'Gradescope가 둔 제출물 폴더', en: 'the submission folder Gradescope provides' } },
  '--visibility': { value: 'V', about: { ko: '결과 전체의 Gradescope 공개 범위(hidden, after_due_date, after_published, visible)', en: "Gradescope's visibility of the whole result (hidden, after_due_date, after_published, visible)" } },
  '--stdout-visibility': { value: 'V', about: { ko: '출력의 Gradescope 공개 범위(같은 값들)', en: "Gradescope's visibility of the output (the same values)" } },
  '--test-visibility': { value: 'V', about: { ko: '테스트마다의 Gradescope 공개 범위(같은 값들)', en: "Gradescope's visibility of each test (the same values)" } },
} as const satisfies Readonly<Record<`--${string}`, OptionSpec>>;

/** The name of an option of some command. */
export type OptionName = keyof typeof OPTIONS;

/** The options that take no value. */
export type Switch = { [K in OptionName]: (typeof OPTIONS)[K] extends { value: string } ? never : K }[OptionName];

/** An option as one command takes it, where it says more than its name: its own meaning or placeholder, or that it is required or shares the previous option's brackets. */
interface OptionUse {
  readonly name: OptionName;
  readonly about?: Said;
  readonly value?: string;
  /** The command does not run without it: the usage line shows it without brackets. */
  readonly required?: true;
  /** Given together with the option before it: the usage line puts both in one pair of brackets. */
  readonly withPrevious?: true;
}

/** A command's line: how it is run, its operands, its options in usage order (`--lang` is every command's), and what it does. */
interface CommandSpec {
  readonly run: string;
  readonly operands?: string;
  readonly options: readonly (OptionName | OptionUse)[];
  readonly about: Said;
}

/** check's --target, which the signed check takes too. */
const CHECK_TARGET = { name: '--target', about: { ko: '다른 폴더 채점(저장소 사본 또는 chapters 폴더)', en: 'grade another folder (a course copy or a chapters folder)' } } as const satisfies OptionUse;

/** The --target of the commands that start a learner's server. */
const SERVER_TARGET = { name: '--target', about: { ko: '다른 폴더의 서버(예: solutions)', en: "another folder's server (such as solutions)" } } as const satisfies OptionUse;

/** --config and --assignment given together, as grade:pr and its summary take them (KO and EN say more of the class file). */
function classAssignmentPair(ko: string, en: string) {
  return [
    { name: '--config', about: { ko: `반 설정${ko}`, en: `the class file${en}` } },
    { name: '--assignment', withPrevious: true, about: { ko: '그 반 설정의 과제(ASSIGNMENT로도 준다)', en: 'the assignment of that class file (or set ASSIGNMENT)' } },
  ] as const satisfies readonly OptionUse[];
}

/** Every command that reads a command line, keyed by the name its help goes by. */
export const COMMAND_LINES = {
  check: {
    run: 'npm run check --',
    operands: '[01 | 01/3 ...]',
    options: [CHECK_TARGET, '--json', '--junit', '--lang', '--timeout', '--suites', '--all', '--quiet'],
    about: {
      ko: '공개 테스트(checker/suites/)로, --suites를 주면 강사의 비공개 테스트도 더해 연습을 채점한다. 번호를 빼면 모든 연습을 채점하되, 지금 하는 장(아직 다 통과하지 못한 첫 장)만 자세히 보이고 다른 장은 한 줄씩 보인다. 종료 코드: 모두 통과 0, 실패 1, 잘못된 사용 2.',
      en: "Grades exercises with the public suites (checker/suites/), and with an instructor's private suites on top when --suites names them. With no id it grades them all, showing the chapter in progress (the first not complete) in detail and one line for each other chapter. Exit 0 all pass, 1 some fail, 2 usage error.",
    },
  },
  hint: {
    run: 'npm run hint --',
    operands: '[01/3]',
    options: [{ name: '--target', about: { ko: '다른 폴더의 연습(저장소 사본 또는 chapters 폴더)', en: "another folder's exercises (a course copy or a chapters folder)" } }, '--lang', '--timeout'],
    about: {
      ko: '연습의 힌트, TODO 위치(파일:줄)와, 새로 채점해 지금 실패하는 테스트 모두와 첫 실패가 가리키는 줄을 보여 준다. 번호를 빼면 아직 통과하지 못한 첫 연습.',
      en: "Shows an exercise's hint and TODO (file:line), and, from a fresh check, every test failing now and the line the first failure points at; with no id, for the first exercise that does not pass yet.",
    },
  },
  watch: {
    run: 'npm run watch --',
    operands: '[01 | 01/3 ...]',
    options: [{ name: '--target', about: { ko: '다른 폴더를 지켜본다(저장소 사본 또는 chapters 폴더)', en: 'watch another folder (a course copy or a chapters folder)' } }, '--lang', '--timeout'],
    about: {
      ko: '한 번 채점한 뒤, 파일을 저장할 때마다 지금 할 연습을(그 파일에 TODO가 있으면) 먼저, 아니면 그 파일의 연습을 먼저, 이어서 장 전체를 다시 채점한다. 화면에는 지켜보는 장, 아직 통과하지 못한 첫 연습과 그 실패, 힌트 한 줄, 선택한 연습 전체의 진행이 나온다.\n터미널에서는 키: h 힌트 전체, l 연습 목록, f 전체 보고서, Enter 요약, q 끝내기. 터미널이 아니면 Ctrl+C로 끝낸다.',
      en: "Checks once, then on every save re-checks first the exercise in focus (when its TODO is in the saved file, else the saved file's exercises) and then the rest of the chapter. The screen shows the watched chapters, the first exercise not passing yet with its failure and one hint line, and the progress of every selected exercise.\nKeys on a terminal: h whole hint, l list of exercises, f full report, Enter summary, q quit. Elsewhere Ctrl+C stops.",
    },
  },
  reset: {
    run: 'npm run reset --',
    operands: '01',
    options: [{ name: '--target', about: { ko: '다른 폴더의 장을 되돌린다(저장소 사본 또는 chapters 폴더)', en: 'restore a chapter of another folder (a course copy or a chapters folder)' } }, '--lang'],
    about: {
      ko: '장 하나를 시작 코드로 되돌린다. 지금 파일은 먼저 .backups/<장>-<시각>/에 새 폴더로 복사되므로 잃어버리지 않는다. 시작 코드에 없던 파일은 백업에만 남고, 이미 시작 코드와 같으면 아무것도 하지 않는다. git 기록이 필요하다.',
      en: 'Restores one chapter to its starter. Your files are first copied to a new folder .backups/<chapter>-<time>/, so nothing is lost; files the starter lacks stay only in the backup, and a chapter that already is the starter is left alone. Needs the git history.',
    },
  },
  'signed-check': {
    run: 'node --import tsx checker/signed/signed-check.ts',
    operands: '[01 | 01/3 ...]',
    options: [
      { name: '--json', required: true, about: { ko: '표준 입력으로 받은 키로 서명해 쓸 결과 파일', en: 'the results file to write, signed with the key read from standard input' } },
      { name: '--shown-as', required: true },
      '--starters-git',
      CHECK_TARGET,
      '--junit',
      '--lang',
      '--timeout',
      '--suites',
      '--all',
      '--quiet',
    ],
    about: {
      ko: 'grade:pr과 Gradescope 자동 채점기가 띄우는 서명하는 채점(signed/launch.ts가 다른 사용자로 띄운다): check와 같지만 결과 파일에 서명한다. 사람이 직접 부르는 명령이 아니다.',
      en: 'The signed check grade:pr and the Gradescope autograder start (signed/launch.ts starts it as another user): a check whose results file is signed. Not a command to run by hand.',
    },
  },
  serve: {
    run: 'npm run serve --',
    operands: '04',
    options: [SERVER_TARGET, { name: '--port', about: { ko: '포트(기본 3000, 0은 빈 포트)', en: 'port (default 3000, 0 for any free one)' } }, '--scopes', '--issuer', '--lang'],
    about: {
      ko: 'HTTP 장의 내 서버(기본: chapters/의 코드)를 127.0.0.1에서 띄우고, 주소와 이번 실행에만 쓰는 시험용 토큰, curl 예를 찍는다. Ctrl+C로 끝낸다.\n채점이 아니다: 내 코드를 샌드박스 없이 내 컴퓨터에서 그대로 돌린다.',
      en: 'Starts your server of an HTTP chapter (by default the code in chapters/) on 127.0.0.1 and prints its URL, a test token good for this run only, and an example curl. Ctrl+C stops it.\nNot grading: your code runs as it is, unsandboxed, on your own machine.',
    },
  },
  'auth-server': {
    run: 'npm run auth-server --',
    options: [{ name: '--port', about: { ko: '포트(기본 3100, 0은 빈 포트)', en: 'port (default 3100, 0 for any free one)' } }, '--lang'],
    about: {
      ko: '진짜 인가 서버(oidc-provider)를 127.0.0.1에서 띄우고 발급자, 시험 사용자, 클라이언트와 다음 할 일을 찍는다. PKCE S256, 자원 지시자(RFC 8707)로 대상이 정해진 JWT 접근 토큰, 인가 응답의 iss(RFC 9207), RFC 8414 메타데이터. Ctrl+C로 끝낸다. 채점이 아니다.',
      en: 'Starts a real authorization server (oidc-provider) on 127.0.0.1 and prints its issuer, a test user, its clients and what to do next: PKCE S256, JWT access tokens bound to one resource (RFC 8707), iss in authorization responses (RFC 9207), RFC 8414 metadata. Ctrl+C stops it. Not grading.',
    },
  },
  host: {
    run: 'npm run host --',
    options: [
      { name: '--config', about: { ko: '서버 설정(기본 ./.mcp.json)', en: 'the servers (default ./.mcp.json)' } },
      '--model',
      '--model-name',
      '--prompt',
      { name: '--target', about: { ko: '다른 폴더의 호스트(예: solutions)', en: "another folder's host (such as solutions)" } },
      '--approvals',
      '--lang',
    ],
    about: {
      ko: '5장의 내 호스트(기본: chapters/의 코드)를 진짜 서버와 모델로 돌린다. 서버는 호스트들이 쓰는 설정(.mcp.json, Claude Desktop 설정의 mcpServers)에서 읽고, stdio 명령은 실행하기 전에 그대로 보여 주고 묻는다. 도구 정의 승인과 호출마다의 동의는 터미널에서 답한다(파이프로 주면 한 줄에 답 하나). 승인은 사용자 설정 폴더의 파일에 서버마다 남는다. 채점이 아니다.',
      en: "Runs your chapter 5 host (by default the code in chapters/) with real servers and a real model. Servers come from the config hosts use (.mcp.json, Claude Desktop's mcpServers); a stdio command is shown exactly and asked about before it runs. You approve tool definitions and consent to each call at the terminal (through a pipe, one answer per line). Approvals are kept per server in a file in your user config folder. Not grading.",
    },
  },
  grade: {
    run: 'npm run grade --',
    operands: 'SUBMISSIONS_DIR',
    options: [
      { name: '--out', about: { ko: '결과 폴더(기본: ~/mcp-gradebooks/gradebook-<시각>, 저장소와 제출 폴더 밖)', en: 'output folder (default: ~/mcp-gradebooks/gradebook-<time>, outside the repository and the submissions)' } },
      '--config',
      '--deadline',
      '--only',
      { name: '--assignment', about: { ko: '반 설정의 과제 하나만 채점(그 연습, 마감, 가중치)', en: 'grade one assignment of the class file (its exercises, deadline and weights)' } },
      '--shard',
      '--similarity',
      '--sign',
      '--suites',
      '--lang',
      '--timeout',
    ],
    about: {
      ko: '강사용: 하위 폴더(또는 .zip)마다 학생 한 명으로 채점해 gradebook.csv(Moodle·스프레드시트), gradebook-canvas.csv, gradebook.json, report.html을 쓴다.',
      en: 'Instructors: grades each subfolder (or .zip) as one student and writes gradebook.csv (Moodle, spreadsheets), gradebook-canvas.csv, gradebook.json and report.html.',
    },
  },
  'grade:diff': {
    run: 'npm run grade:diff --',
    operands: 'OLD_GRADEBOOK_DIR NEW_GRADEBOOK_DIR',
    options: [{ name: '--json', about: { ko: '같은 비교를 JSON 파일로도 쓴다', en: 'also write the comparison as a JSON file' } }, '--lang'],
    about: {
      ko: '강사용: 두 성적표(gradebook.json이 있는 폴더)를 비교해 점수가 바뀐 학생, 바뀐 연습, 이전과 이후의 메시지를 보여 준다.',
      en: 'Instructors: compares two gradebooks (folders holding gradebook.json): whose score moved, on which exercise, and the old and new messages.',
    },
  },
  'grade:merge': {
    run: 'npm run grade:merge --',
    operands: 'SHARD_GRADEBOOK_DIR...',
    options: [{ name: '--out', required: true, about: { ko: '합친 성적표를 쓸 폴더', en: 'the folder to write the joined gradebook to' } }, '--lang'],
    about: {
      ko: '강사용: grade --shard 1/n … n/n으로 나눠 채점한 성적표들을 한 번에 채점한 것과 똑같은 하나의 성적표로 합친다.',
      en: 'Instructors: joins the gradebooks of grade --shard 1/n … n/n into the one gradebook a single run over the whole class writes.',
    },
  },
  'grade:verify': {
    run: 'node --import tsx checker/class/verify-cli.ts',
    operands: 'GRADEBOOK_DIR...',
    options: ['--lang'],
    about: {
      ko: '강사용(반 워크플로의 믿는 쪽): grade --sign이 서명한 성적표 폴더들을 표준 입력의 키로 확인한다. 종료 코드: 모두 서명 그대로 0, 하나라도 다르면 1(그 파일을 말한다), 잘못된 사용 2.',
      en: 'Instructors (the trusted side of the class workflow): checks each gradebook folder grade --sign signed, with the key on standard input. Exit 0 when every one is as signed, 1 when one is not (naming the file), 2 usage error.',
    },
  },
  'grade:pr': {
    run: 'npm run grade:pr --',
    options: [
      { name: '--base', required: true },
      { name: '--head', required: true },
      ...classAssignmentPair('(CLASS_FILE로도 준다)', ' (or set CLASS_FILE)'),
      '--json',
      '--junit',
      '--lang',
      '--timeout',
      '--repo',
      { name: '--run-as', about: { ko: '기준 커밋의 채점기를 이 사용자로 돌린다(CI 전용)', en: "run the base commit's checker as this user (CI only)" } },
      { name: '--suites', about: { ko: '강사의 비공개(숨은) 테스트를 기준 커밋의 공개 테스트에 더한다(--run-as 사용자가 읽을 수 있어야 한다)', en: "add an instructor's private (hidden) suites to the base commit's public ones (readable by the --run-as user)" } },
    ],
    about: {
      ko: 'CI용: 헤드 커밋의 chapters/만 기준 커밋의 채점기로 채점한다. chapters/ 밖에서 바뀐 파일은 tampered로 적는다. --config와 --assignment를 주면 반 설정의 과제 하나만 그 점수로 채점하고, 그 과제의 연습이 모두 통과하면 체크가 통과한다(환경 변수 CLASS_FILE, ASSIGNMENT로도 준다).',
      en: "CI: grades the head commit's chapters/ with the base commit's checker; paths changed outside chapters/ are listed as tampered. With --config and --assignment it grades one assignment of the class file with its points, and the check passes when its exercises pass (or set CLASS_FILE and ASSIGNMENT).",
    },
  },
  conformance: {
    run: 'npm run conformance --',
    operands: '04|05',
    options: [{ name: '--target', about: { ko: '다른 폴더의 서버(예: chapters)', en: "another folder's server (such as chapters)" } }, '--lang'],
    about: {
      ko: '관리자용: 정답(기본 solutions/)의 HTTP 서버를 127.0.0.1의 빈 포트에 띄우고, 공식 적합성 도구의 서버 시나리오를 --spec-version 2026-07-28로 돌린다. 05는 정답의 호스트(rounds.ts)에 도구의 클라이언트 시나리오를 돌린다. 도구가 Node 22 이상을 요구하므로 npm 저장소의 Node 24 패키지를 임시 폴더에 받아 그것으로 돌린다.',
      en: "Maintainers: starts the solution's HTTP server (solutions/ by default) on a free port of 127.0.0.1 and runs the official conformance tool's server scenarios with --spec-version 2026-07-28 against it (for 05, its client scenarios against the solution's host, rounds.ts), under the npm registry's Node 24 package in a temporary folder, since the tool needs Node 22 or later.",
    },
  },
  inspect: {
    run: 'npm run inspect --',
    operands: '03',
    options: ['--modern', '--print', '--lang'],
    about: {
      ko: '내 stdio 서버(chapters/의 코드)를 MCP Inspector 웹 화면으로 띄우는 정확한 명령을 찍고 실행한다. Ctrl+C로 끝낸다. 채점이 아니다: 내 코드를 샌드박스 없이 그대로 돌린다.\nInspector가 요구하는 것보다 오래된 Node라면 Linux x64에서는 npm 레지스트리의 Node 24 패키지를 임시 폴더에 받아 그것으로 띄우고, 다른 컴퓨터에서는 찍힌 명령을 새 Node로 직접 실행하라고 알린다.',
      en: 'Prints and runs the exact command that starts your stdio server (the code in chapters/) under the MCP Inspector web UI. Ctrl+C stops it. Not grading: your code runs as it is, unsandboxed.\nOn a Node older than the Inspector needs, it installs the npm registry\'s Node 24 package into a temporary folder and starts it with that on Linux x64; elsewhere it tells you to run the printed command with a newer Node yourself.',
    },
  },
  hosts: {
    run: 'npm run hosts --',
    operands: '03|04',
    options: [SERVER_TARGET, '--lang'],
    about: {
      ko: '내 서버(기본: chapters/의 코드)를 수업이 알려 준 그대로 실제 호스트에 등록하고, 호스트 자신의 점검(claude mcp list, gemini mcp list, codex mcp list)을 돌려 호스트가 한 말과 붙여 넣을 설정을 찍는다. 채점이 아니다: 내 코드를 샌드박스 없이 그대로 돌린다.\n호스트 CLI는 고정한 버전을 npm 레지스트리에서 임시 폴더에 받는다. 호스트는 임시 HOME에서 node가 없는 PATH로 돌고, 127.0.0.1 밖으로는 나가지 않는다. 03은 stdio, 04는 127.0.0.1의 빈 포트에 띄운 Streamable HTTP와 Bearer 토큰이다. 종료 코드: 실패한 호스트가 없고 하나 이상 연결됨 0, 아니면 1.',
      en: "Registers your server (by default the code in chapters/) in real hosts exactly as the lesson says, runs each host's own check (claude mcp list, gemini mcp list, codex mcp list) and prints what the host said with the config to paste. Not grading: your code runs as it is, unsandboxed.\nThe host CLIs come pinned from the npm registry into a temporary folder; the hosts run in a temporary HOME with no node on their PATH and reach nothing beyond 127.0.0.1. 03 is stdio; 04 is Streamable HTTP on a free port of 127.0.0.1 with a bearer token. Exit 0 when no host failed and at least one connected, else 1.",
    },
  },
  gradescope: {
    run: 'node --import tsx checker/gradescope/cli.ts',
    options: [
      { name: '--submission', required: true },
      { name: '--out', required: true, value: 'results.json', about: { ko: '쓸 results.json', en: 'the results.json to write' } },
      '--lang',
      '--timeout',
      { name: '--run-as', about: { ko: '사본의 채점기를 이 사용자로 돌린다', en: "run the copy's checker as this user" } },
      '--suites',
      { name: '--config', about: { ko: '반 설정의 가중치(grade와 같은 점수; run_autograder는 CLASS_FILE이나 class.json을 넘긴다)', en: "the class file's weights (the same score as grade; run_autograder passes CLASS_FILE or class.json)" } },
      { name: '--assignment', about: { ko: '반 설정의 과제 하나만 그 점수로 채점(run_autograder는 ASSIGNMENT를 넘긴다)', en: 'grade one assignment of the class file with its points (run_autograder passes ASSIGNMENT)' } },
      '--visibility',
      '--stdout-visibility',
      '--test-visibility',
    ],
    about: {
      ko: 'Gradescope 자동 채점기용(gradescope/run_autograder가 root로 띄운다): 제출물의 장 폴더만 복사해 --run-as 사용자로 이 사본의 채점기를 돌리고, 그 채점기가 서명한 결과로 results.json을 쓴다. 채점할 수 없는 제출물에도 결과를 쓰고 0으로 끝난다.',
      en: "The Gradescope autograder (gradescope/run_autograder starts it as root): copies the submission's chapter folders only, runs this copy's checker on them as the --run-as user, and writes results.json from the report that checker signed. A submission that cannot be graded still gets results, and the exit code is 0.",
    },
  },
  'gradescope:assignment': {
    run: 'node --import tsx checker/gradescope/assignment-cli.ts',
    options: [
      { name: '--config', required: true, about: { ko: '압축 파일에 넣을 반 설정', en: 'the class file the zip will hold' } },
      { name: '--assignment', about: { ko: '압축 파일이 채점할 과제: 그 연습을 찍는다', en: 'the assignment the zip grades: its exercises are printed' } },
      '--lang',
    ],
    about: {
      ko: 'Gradescope 압축 파일을 쓰기 전에 gradescope/build-zip.sh가 돌린다: 채점기가 읽을 수 없는 반 설정이나 없는 과제는 학생마다의 점수가 아니라 빌드를 실패시킨다(종료 코드 2, 있는 과제를 말한다).',
      en: 'What gradescope/build-zip.sh runs before it writes a zip: a class file the checker cannot read, or an assignment it does not name, fails the build (exit 2, saying which assignments there are) instead of every student\'s grade.',
    },
  },
  'pr-summary': {
    run: 'node --import tsx checker/pr/summary-cli.ts',
    operands: 'RESULTS.json',
    options: [...classAssignmentPair('(grade:pr에 준 것과 같은 것: 결과 파일이 그 과제의 것이어야 한다, CLASS_FILE로도 준다)', ' (the one grade:pr was given: the results must be its assignment\'s; or set CLASS_FILE)'), '--lang'],
    about: {
      ko: 'CI용: grade:pr의 결과 파일을 과정의 연습 목록과 대조한 뒤, 점수표를 $GITHUB_STEP_SUMMARY(없으면 표준 출력)에 덧붙이고 주석을 찍는다. 종료 코드: 통과 0, 실패 1(연습 실패, 또는 ALLOW_TAMPERED가 true가 아닌데 chapters/ 밖이 바뀜), 쓸 수 없는 결과 2.\n점수표는 결과 파일의 언어로 나온다. --lang은 결과 파일을 읽기 전의 메시지에 쓴다.',
      en: "CI: checks grade:pr's results file against the course's exercises, appends the score table to $GITHUB_STEP_SUMMARY (standard output when unset) and prints the annotations. Exit 0 pass, 1 fail (an exercise fails, or paths outside chapters/ changed while ALLOW_TAMPERED is not true), 2 unusable results.\nThe table speaks the results file's language; --lang is for what is said before the file is read.",
    },
  },
  mutate: {
    run: 'npm run mutate --',
    operands: '[01 | 01/3 ...]',
    options: [{ name: '--json', about: { ko: '남은 변이 목록', en: 'the mutants found' } }, '--lang'],
    about: {
      ko: '관리자용: 정답에 StrykerJS 변이를 넣고 숨은 테스트로 잡히는지 본다. 학습자가 고치는 줄의 기준을 채우지 못하면 1로 끝난다. 번호를 빼면 모든 연습. 보고서는 영어로만 나온다(--lang은 도움말과 명령줄 오류에만 쓴다).',
      en: 'Maintainers: runs StrykerJS mutants on the solutions against the hidden suites; exit 1 when the learner-line bar is not met. All exercises when no id is given. The report is in English only (--lang is for the help and command-line errors).',
    },
  },
  starters: {
    run: 'npm run starters --',
    options: ['--lang'],
    about: {
      ko: '관리자용: 지금의 chapters/를 시작 코드로 checker/starters.json에 기록한다. chapters/에서 이미 통과하는 연습이 있으면 아무것도 쓰지 않고 1로 끝난다. 출력은 영어로만 나온다(--lang은 도움말과 명령줄 오류에만 쓴다).',
      en: 'Maintainers: records the current chapters/ as the starters in checker/starters.json; writes nothing and exits 1 when an exercise already passes in chapters/. Its output is in English only (--lang is for the help and command-line errors).',
    },
  },
  edition: {
    run: 'npm run edition --',
    options: [{ name: '--out', required: true, about: { ko: '쓸 빈 폴더(저장소 밖)', en: 'the empty folder to write (outside the repository)' } }, '--lang'],
    about: {
      ko: '강사용: 커밋된 HEAD에서(작업 폴더가 아니라 git archive로) 학생에게 나눠 줄 저장소를 쓴다. solutions/와 그것을 증명하는 test/, mutate/, bench/는 빼고, 공개 테스트(checker/suites/)는 피드백용으로 남기며, README에 어느 테스트가 공개이고 강사의 비공개 테스트(--suites)가 숨은 것이라고 적는다. 쓴 폴더는 그 모두를 담은 첫 커밋이 있는 git 저장소다(reset이 git 기록에서 시작 코드를 되살린다).',
      en: "Instructors: writes the repository a class hands out from the committed HEAD (git archive, never the working tree). It leaves out solutions/ and what proves them (test/, mutate/, bench/), keeps the public suites (checker/suites/) for feedback, and its README says which tests are public and that the instructor's private suites (--suites) are the hidden ones. The folder is a git repository whose first commit holds all of it (reset restores the starters from the git history).",
    },
  },
} as const satisfies Readonly<Record<string, CommandSpec>>;

/** The commands that answer --help: every command with a line in COMMAND_LINES. */
export type HelpTopic = keyof typeof COMMAND_LINES;

/** The name of one entry of a command's option list. */
type NameOf<U> = U extends OptionName ? U : U extends { readonly name: infer N extends OptionName } ? N : never;

/** The options a command takes. */
export type OptionsOf<T extends HelpTopic> = NameOf<(typeof COMMAND_LINES)[T]['options'][number]>;

/** One option as a command takes it, everything filled in: placeholder (undefined for a switch), meaning, and how its usage line shows it. */
export interface OptionRow {
  name: OptionName;
  value: string | undefined;
  about: Said;
  required: boolean;
  withPrevious: boolean;
}

/** A command's options, each as that command takes it, in the order its usage line lists them. */
export function optionRows(topic: HelpTopic): OptionRow[] {
  return (COMMAND_LINES[topic].options as readonly (OptionName | OptionUse)[]).map((entry) => {
    const use: OptionUse = typeof entry === 'string' ? { name: entry } : entry;
    const spec: OptionSpec = OPTIONS[use.name];
    return { name: use.name, value: use.value ?? spec.value, about: use.about ?? spec.about, required: use.required === true, withPrevious: use.withPrevious === true };
  });
}
