import type { WriteStream } from 'node:tty';
import { visibleText } from '../report/escape.ts';

/** A progress display on a stream: one line rewritten in place on a terminal, occasional lines elsewhere. */
export interface Progress {
  /** Prints a line of its own. */
  line(text: string): void;
  /** Shows the current state; off a terminal it is printed only when `milestone` is true. */
  update(text: string, milestone: boolean): void;
}

/** Progress on the given stream (stderr in the CLIs), so stdout stays clean. */
export function progressLine(stream: NodeJS.WriteStream | WriteStream): Progress {
  let open = false;
  return {
    line(text) {
      stream.write(`${open ? '\n' : ''}${visibleText(text)}\n`);
      open = false;
    },
    update(text, milestone) {
      if (stream.isTTY) {
        stream.write(`\r${visibleText(text)}\u001b[K`);
        open = true;
      } else if (milestone) {
        stream.write(`${visibleText(text)}\n`);
      }
    },
  };
}
