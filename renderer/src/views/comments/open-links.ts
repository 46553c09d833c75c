// Links inside sanitized HTML open in the system browser through main (shell.openLink); the
// click never navigates the window. One delegated listener per container.
import { bridge, failureText } from '../../lib/bridge';
import { isWebLink } from './comment-html';

/** Opens a link through main; answers with a sentence when it could not. */
export async function openLink(url: string): Promise<string | undefined> {
  const result = await bridge().shell.openLink({ url });
  return result.ok ? undefined : failureText(result.error);
}

/**
 * A Svelte action for a container of sanitized HTML: a click on a link inside (or Enter on it)
 * opens the link in the system browser instead of navigating.
 */
export function linksOpenInBrowser(container: HTMLElement, onProblem: (message: string) => void) {
  let report = onProblem;
  function onclick(event: MouseEvent): void {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (link === null || !container.contains(link)) return;
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href === null || !isWebLink(href)) return;
    void openLink(href).then((problem) => {
      if (problem !== undefined) report(problem);
    });
  }
  container.addEventListener('click', onclick);
  return {
    update(next: (message: string) => void) {
      report = next;
    },
    destroy() {
      container.removeEventListener('click', onclick);
    },
  };
}
