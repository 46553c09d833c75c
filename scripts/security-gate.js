#!/usr/bin/env node
// Security gate of `npm test`: runs electronegativity over main/, preload/ and renderer/ together
// (so its whole-app checks see the navigation limits, permission handler and CSP wherever they
// live) and fails on any HIGH or MEDIUM finding that is not excluded below with a reason.
// electronegativity exits 0 even with findings, so its CSV report is parsed instead. (Its SARIF
// report loses the severity: it maps confidence to the SARIF level.)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Folders to scan: the app's by default; a test passes its own fixture folders instead.
const scanned =
  process.argv.length > 2
    ? process.argv.slice(2).map((folder) => resolve(folder))
    : ['main', 'preload', 'renderer'].map((folder) => join(root, folder));
const failingSeverities = new Set(['HIGH', 'MEDIUM']);

/**
 * Findings that are false positives, each with the reason it is safe. Match by check, file and
 * (when given) a piece of the flagged code, so a new call in the same file is still reported.
 * Keep this list short and re-read it when the code it names changes.
 */
const exclusions = [
  {
    check: 'CONTEXT_ISOLATION_JS_CHECK',
    file: 'main/app/main-window.ts',
    sample: 'new BrowserWindow(createWindowOptions(preloadPath))',
    reason:
      'The options come from createWindowOptions() (main/app/window-options.ts), which sets contextIsolation: true; ' +
      'electronegativity cannot see through the call. test/app/window-options.test.ts pins the value.',
  },
  {
    check: 'SANDBOX_JS_CHECK',
    file: 'main/app/main-window.ts',
    sample: 'new BrowserWindow(createWindowOptions(preloadPath))',
    reason:
      'createWindowOptions() sets sandbox: true and lifecycle.ts calls app.enableSandbox() for every renderer; ' +
      'test/app/window-options.test.ts pins the option.',
  },
  {
    check: 'AUXCLICK_JS_CHECK',
    file: 'main/app/main-window.ts',
    sample: 'new BrowserWindow(createWindowOptions(preloadPath))',
    reason:
      "createWindowOptions() sets disableBlinkFeatures: 'Auxclick', and the window-open handler denies every new window anyway " +
      '(main/app/navigation-guard.ts, tested in test/app/navigation-guard.test.ts).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/app/lifecycle.ts',
    sample: 'attachNavigationGuard(contents, (url) => shell.openExternal(url))',
    reason:
      'shell.openExternal is reached only through createWindowOpenHandler(), which passes http(s) URLs and nothing else ' +
      '(isOpenableExternally in common/external-links.ts; tested with file:, javascript:, custom schemes).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/auth/account-manager.ts',
    sample: 'this.options.openExternal(authorizeUrl)',
    reason:
      'Opens the OAuth authorize page in the system browser (RFC 8252); beginSignIn() refuses any URL that is not http(s) ' +
      'on the line above, and the address is built from the configured service, never from the renderer.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/app/engine-wiring.ts',
    sample: 'openExternal: (url: string) => options.openExternal(url),',
    reason:
      "Serves the engine's process main's openExternal, which is createOpenExternal() (main/app/open-external.ts): it refuses " +
      'every URL but http(s), whatever the engine asks (the sign-in page and published shots).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/app/open-external.ts',
    sample: 'await shell.openExternal(new URL(url).href);',
    reason:
      'createOpenExternal() refuses every URL isOpenableExternally() rejects (only http and https pass) on the lines above; ' +
      'it opens published shots and sign-in pages chosen by main (test/app/open-external.test.ts).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/desktop/handlers/upload-handlers.ts',
    sample: 'await context.openExternal(address.value);',
    reason:
      "Opens a published shot's html_url: shotAddress() answers only http(s) addresses the service gave (isWebAddress in " +
      'main/desktop/account-view.ts), and context.openExternal is createOpenExternal(), which refuses any other scheme.',
  },
  {
    check: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'main/app/auth-deep-links.ts',
    sample: 'app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL',
    reason:
      "Registers the app's own OAuth redirect scheme (app.shotput://), as RFC 8252 requires; every link is parsed by " +
      'parseDeepLink (main/auth/deep-link) into a known shape, and anything else is dropped.',
  },
];

function electronVersion() {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
}

function runElectronegativity(workDir) {
  const missing = scanned.filter((folder) => !existsSync(folder));
  if (missing.length > 0) throw new Error(`Nothing to scan at ${missing.join(', ')}.`);
  const appDir = join(workDir, 'app');
  for (const folder of scanned) cpSync(folder, join(appDir, basename(folder)), { recursive: true });
  const report = join(workDir, 'report.csv');
  const cli = join(root, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
  // AvailableSecurityFixesGlobalCheck compares Electron with the newest releases, which needs the
  // network; the gate runs offline (see electronegativity-patches.cjs), and Electron is pinned in
  // package.json and moved on purpose.
  const patches = join(root, 'scripts', 'electronegativity-patches.cjs');
  const args = [
    '--require',
    patches,
    cli,
    '-i',
    appDir,
    '-o',
    report,
    '-r',
    '-e',
    electronVersion(),
    '-x',
    'AvailableSecurityFixesGlobalCheck',
  ];
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) {
    throw new Error(`electronegativity failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return readFileSync(report, 'utf8');
}

/**
 * Its CSV quotes some fields but not the code sample, which may hold commas and line breaks:
 * a record starts with a check id and a quoted severity; the fields around the sample are fixed.
 */
function parseReport(csv) {
  const body = csv.replace(/\r/g, '').split('\n').slice(1).join('\n');
  const records = body
    .split(/\n(?=[A-Z0-9_]+,"(?:INFORMATIONAL|INFO|LOW|MEDIUM|HIGH)")/)
    .filter((record) => record.trim() !== '');
  return records.map((record) => {
    const match = /^([A-Z0-9_]+),"([A-Z]+)","([A-Z]+)","([^"]*)","([^"]*)",([\s\S]*),"((?:[^"]|"")*)",(\S*)\s*$/.exec(
      record,
    );
    if (match === null) throw new Error(`Unreadable electronegativity finding:\n${record}`);
    const [, check, severity, confidence, file, location, sample, description, url] = match;
    return {
      check,
      severity,
      confidence,
      file,
      location,
      sample: sample.replace(/^"|"$/g, '').trim(),
      description,
      url,
    };
  });
}

function describe(finding) {
  const where = finding.file === 'N/A' ? 'whole app' : `${finding.file}:${finding.location.split(':')[0]}`;
  const code = finding.sample === 'N/A' ? '' : `\n         code: ${finding.sample.split('\n')[0].slice(0, 140)}`;
  return `${finding.severity.padEnd(6)} ${finding.check} (${finding.confidence.toLowerCase()}) at ${where}${code}\n         ${finding.description}\n         ${finding.url}`;
}

const workDir = mkdtempSync(join(tmpdir(), 'shotput-security-'));
let findings;
try {
  findings = parseReport(runElectronegativity(workDir));
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const excluded = [];
const failing = [];
const notes = [];
for (const finding of findings) {
  const exclusion = exclusions.find(
    (item) =>
      item.check === finding.check &&
      item.file === finding.file &&
      (item.sample === undefined || finding.sample.includes(item.sample)),
  );
  if (exclusion !== undefined) excluded.push({ finding, exclusion });
  else if (failingSeverities.has(finding.severity)) failing.push(finding);
  else notes.push(finding);
}

console.log(
  `Security gate: electronegativity over ${scanned.map((folder) => `${basename(folder)}/`).join(', ')} found ${findings.length} finding(s).`,
);
for (const { finding, exclusion } of excluded) {
  console.log(`  excluded ${finding.check} at ${finding.file}: ${exclusion.reason}`);
}
for (const finding of notes) console.log(`  note     ${describe(finding)}`);
if (failing.length > 0) {
  console.error(`\nSecurity gate FAILED: ${failing.length} HIGH or MEDIUM finding(s):\n`);
  for (const finding of failing) console.error(`  ${describe(finding)}\n`);
  console.error(
    'Fix them, or (for a false positive only) add an exclusion with its reason to scripts/security-gate.js.',
  );
  process.exit(1);
}
console.log('Security gate passed: no HIGH or MEDIUM findings.');
