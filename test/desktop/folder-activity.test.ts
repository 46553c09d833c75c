// A watched folder's card: what it did this run, each file named once with why, the newest first.
import { describe, expect, it } from 'vitest';
import { FolderActivity } from '../../main/desktop/folder-activity';
import type { UploadJob } from '../../main/uploads/index';

const folder = '/work/exports';
const at = (name: string) => `${folder}/${name}`;

describe('FolderActivity', () => {
  it('names each file once with why, newest first; a file taken again is no longer a failure', () => {
    const activity = new FolderActivity();
    activity.record({ type: 'failed', folder, file: at('a.png'), message: 'a.png is damaged.' });
    activity.record({ type: 'error', folder, file: at('b.png'), message: 'b.png could not be read.' });
    activity.record({ type: 'error', folder, message: 'The folder is gone.' });
    activity.record({ type: 'failed', folder, file: at('a.png'), message: 'a.png is damaged again.' });
    expect(activity.view().failures).toEqual([
      { file: at('a.png'), name: 'a.png', message: 'a.png is damaged again.' },
      { file: at('b.png'), name: 'b.png', message: 'b.png could not be read.' },
    ]);
    activity.record({ type: 'taken', folder, file: at('a.png'), job: {} as UploadJob });
    expect(activity.view().failures.map((entry) => entry.name)).toEqual(['b.png']);
  });

  it('words a skipped file in the desktop’s terms, and forgets it once it is sent anyway', () => {
    const activity = new FolderActivity();
    activity.record({
      type: 'skipped',
      folder,
      file: at('hero.png'),
      message: 'queue words',
      shotId: 7,
      from: 'old.png',
    });
    activity.record({ type: 'skipped', folder, file: at('logo.png'), message: 'queue words' });
    activity.record({
      type: 'skipped',
      folder,
      file: at('notes.txt'),
      message: 'notes.txt is not an image.',
      notTaken: true,
    });
    expect(activity.view().skipped.map((entry) => entry.message)).toEqual([
      'logo.png is already in the upload queue.',
      'hero.png is already on the service, uploaded from old.png.',
    ]);
    expect(activity.view().notTaken).toEqual([
      { file: at('notes.txt'), name: 'notes.txt', message: 'notes.txt is not an image.' },
    ]);
    activity.sentAnyway(at('hero.png'));
    expect(activity.view().skipped.map((entry) => entry.name)).toEqual(['logo.png']);
  });

  it('counts what the watcher counts, plus the files sent anyway that reached the service; at most 50 listed', () => {
    const activity = new FolderActivity();
    expect(activity.view().counts).toEqual({ seen: 0, uploaded: 0, skipped: 0, failed: 0 });
    activity.record({ type: 'counts', folder, counts: { seen: 9, uploaded: 4, skipped: 2, failed: 1 } });
    activity.uploaded();
    expect(activity.view().counts).toEqual({ seen: 9, uploaded: 5, skipped: 2, failed: 1 });
    for (let i = 0; i < 60; i++) activity.record({ type: 'failed', folder, file: at(`${i}.png`), message: 'no' });
    expect(activity.view().failures).toHaveLength(50);
    expect(activity.view().failures[0]!.name).toBe('59.png');
  });
});
