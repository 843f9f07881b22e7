// Loaded with --require into a learner server a suite starts, after the sandbox's preload and before any learner
// code. For every write to stdout it tells the suite, on stderr, how many bytes the write carried and which learner
// file and line made it (none for a write from the MCP SDK, which is the protocol's own), so a suite that finds a
// stdout line that is not a message can name the place that wrote it. The record goes out, whole and synchronously,
// before the write itself. It runs no learner code and reads nothing; its records are hints for the suite's message,
// never a verdict, so a learner who forges one misleads only their own report.
'use strict';

const { writeSync } = require('node:fs');
const { basename, dirname, sep } = require('node:path');
const { fileURLToPath } = require('node:url');

// The same text as STDOUT_ORIGIN_PREFIX in stdout-origin.ts, which reads these records.
const PREFIX = '\u0000checker-stdout-origin ';

// The learner's chapters folder: the entry (the checker's bundle, or stdio.ts itself) sits in one chapter of it.
const entry = process.argv[1] ?? '';
const chapters = entry ? `${dirname(dirname(entry))}${sep}` : null;

/** The file and line of one stack line, or null for a frame with no file (native code, eval). */
function located(line) {
  const match = /\(?((?:file:\/\/)?\/[^()\s]*):(\d+):\d+\)?\s*$/.exec(line);
  if (!match) return null;
  let file = match[1];
  try {
    if (file.startsWith('file://')) file = fileURLToPath(file);
  } catch {
    return null;
  }
  return { file, line: Number(match[2]) };
}

/** A file the learner wrote: inside the chapters folder, not a package, not the checker's bundle. */
function isLearnerFile(file) {
  return chapters !== null && file.startsWith(chapters) && !file.includes(`${sep}node_modules${sep}`) && !basename(file).startsWith('.checker-');
}

/** `file:line` of the learner code that made this write, or null when it came from the SDK or from no learner file. */
function origin(write) {
  const saved = { prepare: Error.prepareStackTrace, limit: Error.stackTraceLimit };
  let stack = '';
  try {
    // Node's own formatting applies the bundle's source map; a learner's replacement would not.
    Error.prepareStackTrace = undefined;
    Error.stackTraceLimit = 40;
    const holder = {};
    Error.captureStackTrace(holder, write);
    stack = String(holder.stack);
  } catch {
    return null;
  } finally {
    try {
      Error.prepareStackTrace = saved.prepare;
      Error.stackTraceLimit = saved.limit;
    } catch {
      // A learner who froze Error keeps what they set.
    }
  }
  for (const line of stack.split('\n').slice(1)) {
    const frame = located(line);
    if (frame === null) continue;
    if (frame.file.includes(`${sep}node_modules${sep}@modelcontextprotocol${sep}`)) return null;
    if (isLearnerFile(frame.file)) return `${frame.file}:${frame.line}`;
  }
  return null;
}

/** How many bytes a chunk given to write() puts on stdout. */
function byteLength(chunk, encoding) {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8');
  if (chunk && typeof chunk.byteLength === 'number') return chunk.byteLength;
  return 0;
}

const stdout = process.stdout;
const original = stdout.write;
stdout.write = function write(chunk, encoding, ...rest) {
  try {
    const bytes = byteLength(chunk, encoding);
    if (bytes > 0) writeSync(2, `${PREFIX}${JSON.stringify({ bytes, where: origin(write) })}\n`);
  } catch {
    // Stderr closed: the write itself goes on as it would have.
  }
  return original.call(this, chunk, encoding, ...rest);
};
