// Drafts removed from the grid while their Undo is offered. Main forgets them (files, previews and
// what was typed) only when the toast goes; until then Undo, or dropping the same files again,
// brings them back where they were with every edit.
import { toasts } from '../../lib/toasts.svelte';

export interface Removed<E> {
  entry: E;
  index: number;
}

export class DraftRemovals<E extends { id: string; view: { path: string; name: string } }> {
  private readonly groups = new Map<number, Removed<E>[]>();

  constructor(
    /** Puts drafts back in the grid. */
    private readonly putBack: (removed: Removed<E>[]) => void,
    /** The removal became final: main forgets these drafts. */
    private readonly forget: (ids: string[]) => void,
  ) {}

  /** Removed drafts, with a toast offering Undo. */
  add(removed: Removed<E>[], text: string): void {
    const toast: number = toasts.show({
      text,
      action: { label: 'Undo', run: () => this.bringBack(toast) },
      onexpire: () => {
        const group = this.groups.get(toast) ?? [];
        this.groups.delete(toast);
        if (group.length > 0) this.forget(group.map(({ entry }) => entry.id));
      },
    });
    this.groups.set(toast, removed);
  }

  /**
   * Files dropped again while their removal can still be undone come back (not as new drafts, and
   * not silently ignored): answers the paths that are not such drafts, to be added as usual.
   */
  takeBack(paths: readonly string[]): string[] {
    const wanted = new Set(paths);
    const back: Removed<E>[] = [];
    for (const toast of [...this.groups.keys()]) back.push(...this.bringBack(toast, wanted));
    if (back.length === 0) return [...paths];
    const first = back[0]!.entry.view.name;
    toasts.show({
      text:
        back.length === 1
          ? `${first} was removed a moment ago: it is back, with everything typed for it.`
          : `${back.length} drafts removed a moment ago are back, with everything typed for them.`,
    });
    const taken = new Set(back.map(({ entry }) => entry.view.path));
    return paths.filter((file) => !taken.has(file));
  }

  private bringBack(toast: number, only?: ReadonlySet<string>): Removed<E>[] {
    const group = this.groups.get(toast) ?? [];
    const back = only ? group.filter(({ entry }) => only.has(entry.view.path)) : group;
    if (back.length === 0) return [];
    const rest = group.filter((removed) => !back.includes(removed));
    if (rest.length > 0) this.groups.set(toast, rest);
    else {
      this.groups.delete(toast);
      // Undo was taken by dropping the files again: the toast has nothing left to offer.
      if (only) toasts.dismiss(toast);
    }
    this.putBack(back);
    return back;
  }
}
