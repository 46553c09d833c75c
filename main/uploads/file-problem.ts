// A file that cannot be read, said in one plain sentence instead of Node's "ENOENT: no such
// file or directory, open …". Shared by the queue, watched folders and the CLI.
import path from 'node:path';

export function fileProblem(file: string, error: unknown): string {
  const name = path.basename(file);
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT':
      return `There is no file ${name} in ${path.dirname(file)}.`;
    case 'ENOTDIR':
      return `${file} is not a path to a file: part of it is not a folder.`;
    case 'EISDIR':
      return `${name} is a folder, not an image file.`;
    case 'EACCES':
    case 'EPERM':
      return `${file} cannot be opened: permission denied.`;
    case 'ELOOP':
      return `${name} is a link; it is taken only as a plain file.`;
    default:
      return `${name} cannot be read (${error instanceof Error ? error.message : String(error)}).`;
  }
}
