// `shotput prepare FILE... --out DIR`: turns images into files the service accepts, offline.
import { constants } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIZE_CHOICES } from '../../common/service-rules';
import { FIT_CHOICES } from '../../common/prepare-choice';
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, writeLine } from './command';
import { parseCommandArgs, parseTrim } from './upload-options';
import { prepareWarningLine } from './messages';
import { PREPARE_OPTIONS } from './options';
import { forEachPrepared } from '../images/index';
import type { BatchResult, Focus, PreparedImage, PrepareOptions, Rect } from '../images/index';

const NO_FOLLOW_WRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
/** Without --overwrite: a file already there is an error, never replaced. */
const NEW_FILE_WRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function parseFocus(value: string): Focus {
  if (value === 'attention' || value === 'entropy') return value;
  const parts = value.split(',').map(Number);
  if (parts.length !== 2 || !parts.every((n) => Number.isFinite(n) && n >= 0 && n <= 1)) {
    throw new UsageError(`--focus must be x,y between 0 and 1 (e.g. 0.5,0.3), attention or entropy, not "${value}"`);
  }
  return { x: parts[0]!, y: parts[1]! };
}

function parseCrop(value: string): Rect {
  const parts = value.split(',').map(Number);
  if (parts.length !== 4 || !parts.every((n) => Number.isInteger(n) && n >= 0) || parts[2] === 0 || parts[3] === 0) {
    throw new UsageError(`--crop must be x,y,w,h in whole source pixels (e.g. 0,0,1600,1200), not "${value}"`);
  }
  return { left: parts[0]!, top: parts[1]!, width: parts[2]!, height: parts[3]! };
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

export function parsePrepareArgs(args: string[]): {
  files: string[];
  out: string;
  options: PrepareOptions;
  overwrite: boolean;
} {
  const { values, positionals } = parseCommandArgs(args, PREPARE_OPTIONS);
  if (positionals.length === 0) throw new UsageError('give at least one image file');
  if (!values.out) throw new UsageError('--out DIR is required');
  const options: PrepareOptions = {};
  const size = oneOf('--size', values.size, SIZE_CHOICES);
  if (size) options.target = size;
  const fit = oneOf('--fit', values.fit, FIT_CHOICES);
  if (fit) options.mode = fit;
  const format = oneOf('--format', values.format, ['auto', 'png', 'jpeg', 'jpg', 'gif'] as const);
  if (format) options.format = format === 'jpg' ? 'jpeg' : format;
  if (values.focus !== undefined) options.focus = parseFocus(values.focus);
  if (values.crop !== undefined) options.crop = parseCrop(values.crop);
  if (values.background !== undefined) {
    if (!/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(values.background))
      throw new UsageError(`--background must be a hex colour like #ffffff, not "${values.background}"`);
    options.background = values.background;
  }
  if ((options.focus || options.crop) && options.mode === 'contain')
    throw new UsageError('--focus and --crop apply to --fit cover only');
  if (values['keep-metadata']) options.keepMetadata = true;
  if (values.trim !== undefined) options.trim = parseTrim(values.trim);
  return { files: positionals, out: values.out, options, overwrite: values.overwrite === true };
}

const EXTENSIONS = { jpeg: 'jpg', png: 'png', gif: 'gif' } as const;

/**
 * One output name per input, decided in input order (so reruns give the same names): the input's
 * base name, with -2, -3... when several inputs share it.
 */
function outputBases(files: string[]): string[] {
  const used = new Set<string>();
  return files.map((file) => {
    const name = path.basename(file, path.extname(file)) || 'image';
    let base = name;
    for (let n = 2; used.has(base); n++) base = `${name}-${n}`;
    used.add(base);
    return base;
  });
}

/** DIR/<base>.<ext>, but never an input file itself (when DIR is where the inputs are). */
function outputPath(out: string, base: string, ext: string, inputs: Set<string>): string {
  const candidate = path.resolve(out, `${base}.${ext}`);
  return inputs.has(candidate) ? path.resolve(out, `${base}-prepared.${ext}`) : candidate;
}

function humanLine(input: string, outcome: { output: string; image: PreparedImage } | { error: string }): string {
  if ('error' in outcome) return `${input}: ${outcome.error}`;
  const { output, image } = outcome;
  const head = `${input} -> ${output} (${image.width}x${image.height} ${image.format}, ${Math.ceil(image.bytes / 1000)} KB)`;
  return [head, ...image.warnings.map((w) => `  warning: ${prepareWarningLine(w.message)}`)].join('\n');
}

/** Writes one result; returns the JSON entry and human line for it. */
async function settle(
  result: BatchResult<string>,
  place: (ext: string) => string,
  overwrite: boolean,
): Promise<{ entry: Record<string, unknown>; text: string; ok: boolean }> {
  const file = result.source;
  const problem = (message: string, code: string) => ({
    entry: { type: 'problem', file, message, code },
    text: humanLine(file, { error: message }),
    ok: false,
  });
  if (!result.ok) return problem(result.error.message, result.error.code);
  const output = place(EXTENSIONS[result.value.format]);
  try {
    // Never through a link already sitting in the output folder (it could point anywhere).
    await writeFile(output, result.value.buffer, { flag: overwrite ? NO_FOLLOW_WRITE : NEW_FILE_WRITE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return problem(`${output} already exists; it was not replaced. Add --overwrite to replace it.`, 'output-exists');
    return problem(`cannot write ${output}: ${error instanceof Error ? error.message : String(error)}`, 'write-failed');
  }
  const { width, height, format, bytes } = result.value;
  const warnings = result.value.warnings.map((w) => ({ code: w.code, message: prepareWarningLine(w.message) }));
  return {
    entry: { type: 'prepared', file, output, width, height, format, bytes, warnings },
    text: humanLine(file, { output, image: result.value }),
    ok: true,
  };
}

async function run(args: string[], ctx: CliContext): Promise<number> {
  const { files, out, options, overwrite } = parsePrepareArgs(args);
  await mkdir(out, { recursive: true });
  const inputs = new Set(files.map((f) => path.resolve(f)));
  const bases = outputBases(files);
  // Lines come out in input order although files finish in any order.
  const lines: Array<{ text: string; error: boolean } | undefined> = new Array(files.length);
  let printed = 0;
  let failed = 0;
  const flush = () => {
    for (let line = lines[printed]; line !== undefined; line = lines[++printed]) {
      // JSON goes to stdout whole, one object per input; human errors go to stderr.
      writeLine(line.error && !ctx.globals.json ? ctx.io.stderr : ctx.io.stdout, line.text);
    }
  };
  await forEachPrepared(files, options, { signal: ctx.signal }, async (result, index) => {
    const settled = await settle(result, (ext) => outputPath(out, bases[index]!, ext, inputs), overwrite);
    if (!settled.ok) failed++;
    lines[index] = { text: ctx.globals.json ? JSON.stringify(settled.entry) : settled.text, error: !settled.ok };
    flush();
  });
  if (ctx.signal.aborted) {
    writeLine(ctx.io.stderr, 'shotput: stopped; files not started were skipped');
    return EXIT_INTERRUPTED;
  }
  return failed > 0 ? EXIT_FAILURE : EXIT_OK;
}

export const prepareCommand: CliCommand = {
  name: 'prepare',
  run,
};
