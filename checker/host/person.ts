import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/*
 * The person at the terminal. Each question is printed, and its answer is the next line typed; when standard input
 * is a pipe, each answer is the next line of it, so a script or a test drives the host the same way a person does.
 * Lines that arrive before their question is asked wait in order; the end of input answers every later question
 * with an empty line, which no yes/no question takes as yes.
 */

/** Someone who answers the host's questions, one line each. */
export interface Person {
  /** Prints QUESTION and resolves with the next line of input (empty at the end of input). */
  ask(question: string): Promise<string>;
  /** Asks a yes/no question; only an explicit yes (y, yes, 예, 네, ㅇ) says yes. */
  confirm(question: string): Promise<boolean>;
  /** Stops reading input. */
  close(): void;
}

/** The answers that mean yes, in either language. */
const YES = new Set(['y', 'yes', '예', '네', 'ㅇ', '응']);

/** A person reading from INPUT and shown questions on OUTPUT; answers from a pipe are echoed, so a transcript reads as a dialogue. */
export function linePerson(input: Readable & { isTTY?: boolean }, output: Writable): Person {
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let ended = false;
  const reader = createInterface({ input, terminal: false });
  reader.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  reader.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next('');
  });
  const echo = (line: string): string => {
    if (input.isTTY !== true) output.write(`${line}\n`);
    return line;
  };
  const ask = (question: string): Promise<string> => {
    output.write(question.endsWith(' ') ? question : `${question} `);
    const ready = lines.shift();
    if (ready !== undefined) return Promise.resolve(echo(ready));
    if (ended) return Promise.resolve(echo(''));
    return new Promise((resolve) => waiting.push((line) => resolve(echo(line))));
  };
  return {
    ask,
    confirm: async (question) => YES.has((await ask(question)).trim().toLowerCase()),
    close: () => reader.close(),
  };
}
