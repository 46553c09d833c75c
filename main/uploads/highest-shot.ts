// The highest shot id the account is known to have. Written down before each POST, it is how an
// upload interrupted by a crash is recognised later: its shot is a newer one with the same title.
// Ids come from the service, so no clock has to be trusted.
import type { RemoteShot, UploadService } from './ports';

export class HighestShotId {
  private highest: number | undefined;
  private pending: Promise<number | undefined> | undefined;
  /** Why the last look failed (the stage holds the queue when it is a refused sign-in). */
  lastProblem: { code: string; message: string } | undefined;

  constructor(private readonly service: UploadService) {}

  /** Known without asking; undefined before the first look. */
  get known(): number | undefined {
    return this.highest;
  }

  get asking(): boolean {
    return this.pending !== undefined;
  }

  /** One small request the first time (uploads starting together share it), then kept up to date. */
  learn(): Promise<number | undefined> {
    if (this.highest !== undefined) return Promise.resolve(this.highest);
    this.pending ??= this.service.listMyShots(1, 1).then((page) => {
      this.pending = undefined;
      this.lastProblem = page.ok ? undefined : page.error;
      if (!page.ok) return undefined;
      this.noteAll(page.value.shots);
      this.highest ??= 0;
      return this.highest;
    });
    return this.pending;
  }

  note(id: number): void {
    this.highest = Math.max(this.highest ?? 0, id);
  }

  noteAll(shots: readonly RemoteShot[]): void {
    for (const shot of shots) this.note(shot.id);
  }
}
