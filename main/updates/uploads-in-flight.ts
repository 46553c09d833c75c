// Whether restarting now would interrupt an upload: a job still to be sent (and not paused), or one
// being sent or processed. The queue resumes all of them after a restart, but the user was told
// Shotput never restarts by itself while uploads are under way.
import { isFinal } from '../../common/job-states';
import type { UploadJob } from '../uploads/types';

export function uploadsInFlight(jobs: readonly Pick<UploadJob, 'state' | 'paused'>[], queuePaused: boolean): number {
  return jobs.filter((job) => {
    if (isFinal(job.state)) return false;
    if (job.state === 'uploading' || job.state === 'processing') return true;
    return !job.paused && !queuePaused;
  }).length;
}
