// The order files start in. Vitest's own sequencer (kept for everything else: sharding, the
// longest or largest file first, failed files first) puts the projects of one group one after the
// other, by name: in `npm test`, every end-to-end file before the first integration file, so the
// three workers first ran three Chromium-heavy files at once on two cores and then integration
// files that mostly wait (on a CLI process, a sandbox's processing, a writer). Taking the projects
// of a group in turn keeps a waiting integration file beside each browser, as the config meant.
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** Items of each list in turn, each list in its own order, until every list is spent. */
export function inTurn<T>(lists: T[][]): T[] {
  const queues = lists.map((list) => [...list]);
  const out: T[] = [];
  while (queues.some((queue) => queue.length > 0))
    for (const queue of queues) {
      const next = queue.shift();
      if (next !== undefined) out.push(next);
    }
  return out;
}

export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // group order → project name → its files, in the base order (groups and projects appear in it in turn).
    const groups = new Map<number, Map<string, TestSpecification[]>>();
    for (const spec of sorted) {
      const order = spec.project.config.sequence.groupOrder;
      const projects = groups.get(order) ?? new Map<string, TestSpecification[]>();
      groups.set(order, projects);
      projects.set(spec.project.name, [...(projects.get(spec.project.name) ?? []), spec]);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => inTurn([...groups.get(order)!.values()]));
  }
}
