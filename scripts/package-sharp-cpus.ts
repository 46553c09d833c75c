// Adds sharp's prebuilt binary packages for the other CPU of this platform to node_modules,
// so one release runner can package both x64 and arm64 (macOS dmg/zip, Windows NSIS).
//
// npm installs only the optional @img/* package that matches the machine it runs on, and
// it cannot hold two CPUs in one tree: `--cpu`/`--os` re-resolve the whole tree for the
// other CPU, and `--force` installs every platform of every optional dependency. So the
// missing packages are fetched with `npm pack` at the exact version sharp pins and unpacked
// in place; electron-builder.yml then keeps only `@img/*-${platform}-${arch}` in each build.
//
// Usage (release workflow, after `npm ci`): npx tsx scripts/package-sharp-cpus.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CPUS = ['x64', 'arm64'] as const;

/** The @img packages (name@version) this platform still lacks for the CPUs it does not run on. */
export function missingSharpPackages(
  optionalDependencies: Record<string, string>,
  platform: string,
  currentCpu: string,
  isInstalled: (name: string) => boolean,
): string[] {
  const wanted: string[] = [];
  for (const cpu of CPUS.filter((candidate) => candidate !== currentCpu)) {
    // Windows builds carry libvips inside the sharp-win32-* package; there is no libvips package.
    for (const name of [`@img/sharp-${platform}-${cpu}`, `@img/sharp-libvips-${platform}-${cpu}`]) {
      const version = optionalDependencies[name];
      if (version !== undefined && !isInstalled(name)) wanted.push(`${name}@${version}`);
    }
  }
  return wanted;
}

function run(command: string, args: string[], cwd: string): string {
  // npm is a .cmd script on Windows, which only a shell can start.
  return execFileSync(command, args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
}

export function addSharpPackages(nodeModules = join(projectDir, 'node_modules')): string[] {
  const sharpPackage = JSON.parse(readFileSync(join(nodeModules, 'sharp', 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  const missing = missingSharpPackages(
    sharpPackage.optionalDependencies ?? {},
    process.platform,
    process.arch,
    (name) => existsSync(join(nodeModules, name, 'package.json')),
  );
  if (missing.length === 0) return [];
  // Inside node_modules, so the tarball path relative to the target has no drive letter:
  // on Windows runners `tar` may be Git's GNU tar, which reads `C:...` as a remote host.
  const downloads = mkdtempSync(join(nodeModules, '.sharp-cpus-'));
  try {
    for (const spec of missing) {
      const packed = JSON.parse(run('npm', ['pack', spec, '--json', '--pack-destination', '.'], downloads)) as Array<{
        filename: string;
      }>;
      const name = spec.slice(0, spec.lastIndexOf('@'));
      const target = join(nodeModules, name);
      mkdirSync(target, { recursive: true });
      const tarball = relative(target, join(downloads, packed[0]?.filename ?? '')).replaceAll('\\', '/');
      // npm tarballs hold everything under package/.
      run('tar', ['-xzf', tarball, '--strip-components=1'], target);
    }
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
  return missing;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const added = addSharpPackages();
  console.log(
    added.length === 0 ? 'sharp: binaries for both CPUs already present' : `sharp: added ${added.join(', ')}`,
  );
}
