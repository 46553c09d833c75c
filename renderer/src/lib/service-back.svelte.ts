// A view's list that the service could not give during an outage is asked for again the moment the
// service answers (the account's offline mark goes), not at the designer's next click.
import { untrack } from 'svelte';

/** Call in a component's set-up: `reload` runs each time `offlineSince` goes from a time to null. */
export function reloadWhenServiceAnswers(offlineSince: () => string | null, reload: () => void): void {
  let wasOffline = false;
  $effect(() => {
    const offline = offlineSince() !== null;
    if (wasOffline && !offline) untrack(reload);
    wasOffline = offline;
  });
}
