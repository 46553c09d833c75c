// An upload queue wired to the real service client and image pipeline, against a sandbox.
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';
import { UploadQueue, imagePreparer, serviceAdapter } from '../../main/uploads/index';
import type { UploadQueueOptions } from '../../main/uploads/index';

export function realQueue(
  url: string,
  token: string,
  dataDir: string,
  options: Partial<UploadQueueOptions> = {},
): UploadQueue {
  const client = new ServiceClient({ apiUrl: url, accessToken: token, governor: new RateLimitGovernor() });
  return UploadQueue.open({
    dataDir,
    service: serviceAdapter(client),
    preparer: imagePreparer,
    expectedProcessingMs: 300,
    busyCheckGapMs: 1_000,
    ...options,
  });
}
