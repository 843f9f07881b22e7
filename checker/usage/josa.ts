import { josa as hangulJosa } from 'es-hangul';

/*
 * Korean particles for the words the checker fills into its sentences. The hidden suites run confined and read only
 * their own shared folder, so checker/suites/_lib/josa.ts keeps the same function for them;
 * test/unit/checker/suites/josa.test.ts holds both to the same answers.
 */

/** The particle pairs the checker's Korean uses, each written as es-hangul writes it: the form after a final consonant first. */
export type JosaPair = '을/를' | '이/가' | '은/는' | '와/과' | '으로/로';

/**
 * How the last digit or Latin letter of a word is read aloud in Korean: `6` is 육 and takes 을, `server.ts` ends
 * in 에스 and takes 를. es-hangul chooses particles for Hangul only, so a path, an id or a number is read here.
 */
const SPOKEN: Readonly<Record<string, string>> = {
  0: '영', 1: '일', 2: '이', 3: '삼', 4: '사', 5: '오', 6: '육', 7: '칠', 8: '팔', 9: '구',
  a: '에이', b: '비', c: '씨', d: '디', e: '이', f: '에프', g: '지', h: '에이치', i: '아이', j: '제이', k: '케이', l: '엘', m: '엠',
  n: '엔', o: '오', p: '피', q: '큐', r: '알', s: '에스', t: '티', u: '유', v: '브이', w: '더블유', x: '엑스', y: '와이', z: '제트',
};

/**
 * The word followed by the particle its last sound takes (`main.ts:6을`, `01/3을`, `"id": 7과`, `서버를`).
 * Closing quotes, brackets and punctuation are skipped to find that sound; a word with none (an empty string)
 * takes the form without a final consonant.
 */
export function josa(word: string | number, pair: JosaPair): string {
  const text = String(word);
  const last = [...text].reverse().find((char) => /[\p{Script=Hangul}0-9A-Za-z]/u.test(char));
  const spoken = last === undefined ? '가' : (SPOKEN[last.toLowerCase()] ?? last);
  // es-hangul picks the form for the spoken word; only the particle is kept and put after the word as written.
  const chosen = hangulJosa(spoken, pair).slice(spoken.length);
  return `${text}${chosen}`;
}
