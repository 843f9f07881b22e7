import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHAPTERS } from '../../course/current.ts';
import { chapterFolder, gradedTarget } from '../../course/target.ts';
import { defaultApprovalsFile, openApprovals } from '../../host/approvals-file.ts';
import { ConfigError, readHostConfig } from '../../host/config.ts';
import { anthropicModel, offlineModel, openaiModel } from '../../host/models.ts';
import type { Model } from '../../host/models.ts';
import { linePerson } from '../../host/person.ts';
import { NotRunnable, loadHost, runHost } from '../../host/run.ts';
import { runnableChapter } from './http-chapter.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import { hostWords } from '../../usage/host-words.ts';
import type { Lang } from '../../usage/messages.ts';
import { readCommandLine } from '../../usage/prologue.ts';

/*
 * `npm run host`: the learner's chapter 5 host as a program to use every day. Not grading: the learner's code and the
 * configured servers run as they are, on this machine.
 */

/** The models `--model` names. */
const MODELS = ['scripted', 'anthropic', 'openai'] as const;

/** A parsed `host` command line. */
interface HostArgs {
  lang: Lang;
  chapterDir: string;
  config: string;
  model: (typeof MODELS)[number];
  modelName?: string;
  prompt?: string;
  approvals: string;
}

/** Reads `[--config FILE] [--model M --model-name NAME] [--prompt TEXT] [--target DIR] [--approvals FILE] [--lang]`. */
function parseHostArgs(argv: readonly string[]): HostArgs {
  const { positional, values } = readOptions('host', argv);
  const lang = langOption(values['--lang']);
  if (positional.length > 0) throw new UsageError((say) => say.unknownOption(positional[0]!));
  const model = values['--model'] ?? 'scripted';
  if (!(MODELS as readonly string[]).includes(model)) throw new UsageError((say) => say.badModel(model, MODELS));
  if (model !== 'scripted' && values['--model-name'] === undefined) throw new UsageError((say) => say.needsValue('--model-name'));
  const chapter = CHAPTERS.find((candidate) => candidate.id === '05');
  if (chapter === undefined) throw new UsageError((say) => say.notServable('05', []));
  return {
    lang,
    chapterDir: chapterFolder(gradedTarget(values['--target'] ?? 'chapters', CHAPTERS), chapter),
    config: resolve(values['--config'] ?? '.mcp.json'),
    model: model as HostArgs['model'],
    ...(values['--model-name'] === undefined ? {} : { modelName: values['--model-name'] }),
    ...(values['--prompt'] === undefined ? {} : { prompt: values['--prompt'] }),
    approvals: values['--approvals'] === undefined ? defaultApprovalsFile() : resolve(values['--approvals']),
  };
}

/** The model `--model` names, through its vendor's SDK (key and base URL from that SDK's own environment variables). */
function chosenModel(args: HostArgs): Model {
  if (args.model === 'anthropic') return anthropicModel(args.modelName!);
  if (args.model === 'openai') return openaiModel(args.modelName!);
  return offlineModel();
}

/** Runs the host; returns its exit code: 0 done, 1 the chapter could not be loaded, 2 usage or config error. */
async function main(argv: readonly string[]): Promise<number> {
  const read = readCommandLine(argv, 'host', parseHostArgs);
  if (read.exitCode !== undefined) return read.exitCode;
  const { args } = read;
  const say = hostWords(args.lang);
  let servers;
  try {
    servers = readHostConfig(readFileSync(args.config, 'utf8'));
  } catch (error) {
    if (error instanceof ConfigError) console.error(say.badConfig(args.config, error.key, `${say.problems[error.problem]}${error.detail === '' ? '' : ` (${error.detail})`}`));
    else console.error(say.badConfig(args.config, '(file)', error instanceof Error ? error.message : String(error)));
    return 2;
  }
  // A chapter outside the repository runs from a copy beside its node_modules, removed when the host ends.
  const runnable = runnableChapter(args.chapterDir);
  const person = linePerson(process.stdin, process.stdout);
  try {
    const modules = await loadHost(runnable.dir);
    return await runHost({ modules, servers, model: chosenModel(args), person, approvalsFile: openApprovals(args.approvals), say, print: (line) => console.log(line) }, args.prompt);
  } catch (error) {
    if (!(error instanceof NotRunnable)) throw error;
    console.error(say.cannotLoad(args.chapterDir, error.missing.join(', ')));
    return 1;
  } finally {
    person.close();
    runnable.dispose();
  }
}

process.exitCode = await main(process.argv.slice(2));
