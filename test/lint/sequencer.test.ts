// The order a whole run starts its files in (test/setup/interleaved-sequencer.ts), checked with
// the sequencer vitest.config.ts names, over the files on disk.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import type { TestSequencerConstructor } from 'vitest/node';
import { inTurn } from '../setup/interleaved-sequencer';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the order files start in', () => {
  it('takes lists in turn until each is spent', () => {
    expect(inTurn([['e1', 'e2'], ['i1', 'i2', 'i3', 'i4'], []])).toEqual(['e1', 'i1', 'e2', 'i2', 'i3', 'i4']);
    expect(inTurn<string>([])).toEqual([]);
  });

  it('runs the unit tier first, then integration and end-to-end files in turn', async () => {
    const vitest = await createVitest('test', {
      root: ROOT,
      watch: false,
      config: path.join(ROOT, 'vitest.config.ts'),
    });
    try {
      const Sequencer = vitest.config.sequence.sequencer as TestSequencerConstructor;
      const order = (await new Sequencer(vitest).sort(await vitest.globTestSpecifications())).map(
        (spec) => spec.project.name,
      );
      const units = order.filter((name) => name === 'unit').length;
      expect(units).toBeGreaterThan(0);
      expect(order.slice(0, units).every((name) => name === 'unit')).toBe(true);
      const rest = order.slice(units);
      const e2e = rest.filter((name) => name === 'e2e').length;
      expect(e2e).toBeGreaterThan(0);
      // While both have files left, no two of one tier start one after the other.
      const paired = rest.slice(0, 2 * Math.min(e2e, rest.length - e2e));
      for (let i = 1; i < paired.length; i++) expect(paired[i], `file ${units + i}`).not.toBe(paired[i - 1]);
    } finally {
      await vitest.close();
    }
  }, 60_000);
});
