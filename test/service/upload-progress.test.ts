// The bytes of a shot's upload as they are handed to the connection: the queue shows them as a
// progress bar. Against the real sandbox, with an image of about a megabyte and a half.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdapter } from '../../main/uploads/adapters';
import { signedInClient, startFixture } from './sandbox-fixture';
import type { Fixture } from './sandbox-fixture';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(async () => {
  await fixture?.close();
});

async function noisyPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('upload progress', () => {
  it('reports the encoded form’s bytes in growing steps up to its whole size, and the shot is created', async () => {
    const client = await signedInClient(fixture.sandbox, 'ada');
    const image = await noisyPng();
    const steps: Array<[number, number]> = [];
    const created = await client.createShot(
      { image: { data: image, filename: 'noise.png', contentType: 'image/png' }, title: 'Progress', tags: ['a', 'b'] },
      { onProgress: (sent, total) => steps.push([sent, total]) },
    );
    expect(created.id).toBeGreaterThan(0);
    const total = steps[0]![1];
    expect(total).toBeGreaterThan(image.length);
    expect(steps.every(([, all]) => all === total)).toBe(true);
    expect(steps[0]![0]).toBe(0);
    expect(steps.at(-1)![0]).toBe(total);
    expect(steps.length).toBeGreaterThan(10);
    for (let i = 1; i < steps.length; i++) expect(steps[i]![0]).toBeGreaterThan(steps[i - 1]![0]);
  });

  it('reaches the queue through the adapter, ending at the whole size', async () => {
    const client = await signedInClient(fixture.sandbox, 'ben');
    const image = await noisyPng();
    const steps: Array<[number, number]> = [];
    const result = await serviceAdapter(client).createShot(
      { image: { buffer: image, filename: 'n.png', contentType: 'image/png' }, title: 'Adapter' },
      (sent, total) => steps.push([sent, total]),
    );
    expect(result.ok).toBe(true);
    expect(steps[0]).toEqual([0, image.length]);
    const [sent, total] = steps.at(-1)!;
    expect(sent).toBe(total);
    expect(total).toBeGreaterThan(image.length);
  });
});
