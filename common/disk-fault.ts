// Faults of the disk (full, read-only, no permission, failing) said once, the same way for the
// upload journal, the settings file and anything else Shotput writes: what could not be saved,
// where, and what to do. Pure: the caller passes the error's code.

/** The error codes that mean the disk, not Shotput, is in the way. */
export const DISK_FAULT_CODES: readonly string[] = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO'];

export function isDiskFaultCode(code: unknown): code is string {
  return typeof code === 'string' && DISK_FAULT_CODES.includes(code);
}

/**
 * One sentence: `what` ("the upload queue"), `where` (a folder), and the remedy. `then` says how
 * to carry on once the disk is fixed ("resume the uploads").
 */
export function diskFaultSentence(code: string, what: string, where: string, then: string): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `The disk is full: ${what} could not be saved in ${where}. Free some space there, then ${then}.`;
    case 'EROFS':
      return `${where} is on a read-only disk: ${what} could not be saved. Make that disk writable or choose another data folder, then ${then}.`;
    case 'EACCES':
    case 'EPERM':
      return `Permission denied: ${what} could not be saved in ${where}. Give your user write access to that folder, then ${then}.`;
    default:
      return `The disk failed while saving ${what} in ${where} (input/output error). Check the disk, then ${then}.`;
  }
}
