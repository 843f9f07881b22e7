// The worker thread that runs the loop-guard rewrite (loop-rewrite.mjs) off the checker's main thread: it answers
// each { id, code, lang, first } with { id, code, lines }, or { id, error } when the rewrite threw.
import { parentPort } from 'node:worker_threads';
import { guardLoops } from './loop-rewrite.mjs';

parentPort?.on('message', ({ id, code, lang, first }) => {
  try {
    parentPort.postMessage({ id, ...guardLoops(code, lang, first) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
