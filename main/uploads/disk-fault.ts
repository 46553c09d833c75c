// A write of the upload queue that the disk refused (full, read-only, no permission, failing):
// an error that carries its one sentence, so the queue can pause on it instead of crashing.
import { diskFaultSentence, isDiskFaultCode } from '../../common/disk-fault';

export class DiskFaultError extends Error {
  override name = 'DiskFaultError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The queue's wording: what is kept where, and that the uploads resume when asked. */
export function queueDiskFault(error: unknown, where: string): DiskFaultError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!isDiskFaultCode(code)) return undefined;
  return new DiskFaultError(code, diskFaultSentence(code, 'the upload queue', where, 'resume the uploads'));
}

/** Runs a write; a refusal of the disk becomes a DiskFaultError, anything else is thrown as it is. */
export function diskWrite<T>(where: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw queueDiskFault(error, where) ?? error;
  }
}
