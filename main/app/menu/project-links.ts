// The project's pages the Help menu opens: its documentation, and a new issue with the version and
// the system filled in (no account, no file names, nothing from the user's data). The project's
// GitHub repository is the one the app updates from: electron-builder writes its owner and name
// into resources/app-update.yml when it packs the app. A build run from source has no such file
// and uses the homepage from package.json.

export interface ProjectLinks {
  documentation: string;
  releases: string;
  /** A new issue, prefilled. */
  reportProblem(facts: ProblemFacts): string;
}

export interface ProblemFacts {
  appVersion: string;
  electron: string;
  chromium: string;
  platform: string;
  arch: string;
  osRelease: string;
}

/** owner and repo of the github provider in app-update.yml (a small YAML file electron-builder writes). */
export function repositoryFromUpdateConfig(text: string | undefined): { owner: string; repo: string } | undefined {
  if (text === undefined || !/^provider:\s*github\s*$/m.test(text)) return undefined;
  const owner = /^owner:\s*['"]?([\w.-]+)['"]?\s*$/m.exec(text)?.[1];
  const repo = /^repo:\s*['"]?([\w.-]+)['"]?\s*$/m.exec(text)?.[1];
  return owner !== undefined && repo !== undefined ? { owner, repo } : undefined;
}

export function projectLinks(repository: { owner: string; repo: string } | undefined, homepage: string): ProjectLinks {
  if (repository === undefined) {
    return { documentation: homepage, releases: homepage, reportProblem: () => homepage };
  }
  const base = `https://github.com/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.repo)}`;
  return {
    documentation: `${base}#readme`,
    releases: `${base}/releases`,
    reportProblem: (facts) => {
      const body = [
        '**What happened**',
        '',
        '',
        '**What you expected**',
        '',
        '',
        '**Steps to reproduce**',
        '',
        '',
        '**System**',
        `- Shotput ${facts.appVersion} (Electron ${facts.electron}, Chromium ${facts.chromium})`,
        `- ${facts.platform} ${facts.osRelease} (${facts.arch})`,
        '',
        'Help ▸ Show logs opens the log file; attach it if you can (it holds no tokens or passwords).',
      ].join('\n');
      return `${base}/issues/new?${new URLSearchParams({ body }).toString()}`;
    },
  };
}
