// One definition per command drives help, `help CMD`, the README reference and shell completion.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { definitions } from '../../main/cli/definitions';
import { completionScript } from '../../main/cli/completion';
import { withReference } from '../../main/cli/reference';
import { GLOBAL_OPTIONS } from '../../main/cli/options';
import { version } from '../../package.json';

describe('help and version', () => {
  it('help upload prints the upload help, with its options and examples, not the global help', async () => {
    const run = await runCli(['help', 'upload']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Upload image files as shots/);
    expect(run.stdout).toContain('--dry-run');
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toBe((await runCli(['upload', '--help'])).stdout);
  });

  it('--help lists every command and every global option', async () => {
    const run = await runCli(['--help']);
    for (const spec of definitions) expect(run.stdout).toContain(`  ${spec.name} `);
    for (const name of Object.keys(GLOBAL_OPTIONS)) expect(run.stdout).toContain(`--${name}`);
  });

  it('--version, -V and version print the package version', async () => {
    for (const argv of [['--version'], ['-V'], ['version']])
      expect(await runCli(argv)).toMatchObject({ code: 0, stdout: `shotput ${version}\n` });
    expect(JSON.parse((await runCli(['--json', 'version'])).stdout)).toEqual({ version });
  });

  it('help of an unknown command is bad usage with a did-you-mean', async () => {
    const run = await runCli(['help', 'uplod']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Did you mean "upload"?');
  });
});

describe('README command reference', () => {
  it('is the one written from the definitions (npm run docs:cli)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(withReference(readme)).toBe(readme);
    for (const spec of definitions) expect(readme).toContain(`### shotput ${spec.name}`);
  });
});

describe('shell completion', () => {
  /** What bash offers for the words typed so far (the last one is being completed). */
  function bashComplete(words: string[]): string[] {
    const script = `${completionScript('bash')}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _shotput; printf '%s\\n' "\${COMPREPLY[@]}"`;
    return execFileSync('bash', ['-c', script], { encoding: 'utf8', cwd: '/tmp' }).split('\n').filter(Boolean);
  }

  it('bash completes commands, verbs, options and choices', () => {
    expect(bashComplete(['shotput', 'up'])).toEqual(['upload']);
    expect(bashComplete(['shotput', 'shots', ''])).toEqual(['list', 'show', 'update', 'delete']);
    expect(bashComplete(['shotput', 'comments', '1015', 'de'])).toEqual(['delete']);
    expect(bashComplete(['shotput', 'upload', '--dr'])).toEqual(['--dry-run']);
    expect(bashComplete(['shotput', '--json', 'upload', '--size', ''])).toEqual(['auto', '400x300', '800x600']);
    expect(bashComplete(['shotput', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    // Once the verb is typed, only its options; a free value (a title) completes to nothing.
    expect(bashComplete(['shotput', 'shots', 'delete', '1015', '--'])).toEqual(expect.arrayContaining(['--yes']));
    expect(bashComplete(['shotput', 'shots', 'delete', '1015', '--'])).not.toContain('--title');
    expect(bashComplete(['shotput', 'upload', '--title', ''])).toEqual([]);
    expect(bashComplete(['shotput', '--data-dir', '/tm'])).toEqual(['/tmp']);
  });

  it('zsh and fish scripts name every command and option of the definitions', async () => {
    for (const shell of ['zsh', 'fish'] as const) {
      const script = (await runCli(['completion', shell])).stdout;
      for (const spec of definitions) {
        expect(script).toContain(spec.name);
        for (const name of Object.keys(spec.options))
          expect(script).toMatch(shell === 'fish' ? new RegExp(`-l ${name}\\b`) : new RegExp(`--${name}\\b`));
      }
    }
    expect((await runCli(['completion', 'tcsh'])).code).toBe(2);
  });
});
