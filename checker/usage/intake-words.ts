import type { Lang } from './messages.ts';

/** Why an entry of a submission was left out of grading: every reason is named where the submission's result is shown. */
export type LeftOutWhy = 'link' | 'hard-link' | 'special' | 'config' | 'too-big' | 'chapter-full';

/** One entry left out of grading: its path as messages name the learner's files, and why. */
export interface LeftOutEntry {
  name: string;
  why: LeftOutWhy;
}

/** How many left-out entries are named one by one; the rest are counted. */
const NAMED = 5;

const WHAT: Record<Lang, Record<LeftOutWhy, string>> = {
  ko: {
    link: '링크',
    'hard-link': '하드 링크(다른 경로와 내용을 공유하는 파일)',
    special: '일반 파일이 아닌 특수 파일(FIFO·소켓·장치)',
    config: '도구 설정 파일',
    'too-big': '1MB가 넘는 파일',
    'chapter-full': '장 폴더 한도(4MB, 항목 2,000개)를 넘은 파일',
  },
  en: {
    link: 'a link',
    'hard-link': 'a hard link (a file sharing its bytes with another path)',
    special: 'a special file (FIFO, socket or device)',
    config: 'a tool configuration file',
    'too-big': 'a file over 1 MB',
    'chapter-full': 'a file past the chapter limit (4 MB, 2,000 entries)',
  },
};

/** One left-out entry in words, such as "a link at chapters/chapters, not graded". */
export function leftOutPhrase(entry: LeftOutEntry, lang: Lang): string {
  return lang === 'ko' ? `${entry.name}: 채점하지 않음(${WHAT.ko[entry.why]})` : `${WHAT.en[entry.why]} at ${entry.name}, not graded`;
}

/** Every left-out entry in one line: the first few named, the rest counted. */
export function leftOutLine(entries: readonly LeftOutEntry[], lang: Lang): string {
  const named = entries.slice(0, NAMED).map((entry) => leftOutPhrase(entry, lang));
  const rest = entries.length - named.length;
  if (rest > 0) named.push(lang === 'ko' ? `그 밖에 ${rest}개도 채점하지 않음` : `${rest} more not graded`);
  return named.join('; ');
}
