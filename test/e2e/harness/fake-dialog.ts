// dialog of the Electron double. A test says what the user would choose (answerOpenDialog); the
// double gives back only what the dialog main/app asked for could have let the user choose, as
// the platform's dialog does: on Windows and Linux a dialog asked for files and folders is a
// folder selector (no file can be chosen), a file selector never returns a folder, the filters
// hide other files, and without multiSelections one item is chosen. Options Electron would
// refuse, or that name no property, throw.
import { statSync } from 'node:fs';
import { extname, isAbsolute } from 'node:path';
import { OPEN_DIALOG_PROPERTIES, type DoublePlatform } from './platform-rules';

export interface OpenDialogCall {
  properties: string[];
  title?: string;
  filters?: { name: string; extensions: string[] }[];
  /** What the platform's dialog was: a file selector, a folder selector, or both (macOS). */
  selector: 'files' | 'folders' | 'files and folders';
  /** Properties main/app asked for that do nothing on this platform. */
  ignored: string[];
  /** What the user chose and the dialog returned. */
  returned: string[];
}

interface OpenDialogOptionsLike {
  title?: unknown;
  properties?: unknown;
  filters?: unknown;
  [key: string]: unknown;
}

const KNOWN_OPTIONS = new Set([
  'title',
  'defaultPath',
  'buttonLabel',
  'filters',
  'properties',
  'message',
  'securityScopedBookmarks',
]);

export class FakeDialog {
  readonly calls: OpenDialogCall[] = [];
  private readonly answers: string[][] = [];

  constructor(private readonly platform: DoublePlatform) {}

  /** What the user picks in the next open dialog (cancelled when nothing is queued). */
  answerOpenDialog(paths: string[]): void {
    this.answers.push(paths);
  }

  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    const options = checkOptions(args.length > 1 ? args[1] : args[0]);
    const properties = (options.properties as string[] | undefined) ?? [];
    const filters = options.filters as OpenDialogCall['filters'];
    const wantsFiles = properties.includes('openFile') || !properties.includes('openDirectory');
    const wantsFolders = properties.includes('openDirectory');
    // Electron 45, dialog.showOpenDialog: "On Windows and Linux an open dialog can not be both a
    // file selector and a directory selector … a directory selector will be shown."
    const selector: OpenDialogCall['selector'] = wantsFolders
      ? wantsFiles && this.platform === 'darwin'
        ? 'files and folders'
        : 'folders'
      : 'files';
    const ignored = properties.filter((property) => !OPEN_DIALOG_PROPERTIES[property]!.includes(this.platform));
    const wanted = this.answers.shift();
    const choosable = (wanted ?? []).filter((path) => choosableIn(path, selector, filters));
    const returned = properties.includes('multiSelections') ? choosable : choosable.slice(0, 1);
    this.calls.push({ properties, title: options.title as string | undefined, filters, selector, ignored, returned });
    return wanted === undefined || returned.length === 0
      ? { canceled: true, filePaths: [] }
      : { canceled: false, filePaths: returned };
  }

  async showMessageBox(): Promise<{ response: number; checkboxChecked: boolean }> {
    return { response: 0, checkboxChecked: false };
  }
}

function checkOptions(value: unknown): OpenDialogOptionsLike {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null)
    throw new TypeError('dialog.showOpenDialog: options must be an object.');
  const options = value as OpenDialogOptionsLike;
  for (const key of Object.keys(options))
    if (!KNOWN_OPTIONS.has(key)) throw new TypeError(`dialog.showOpenDialog: no option named "${key}".`);
  if (options.title !== undefined && typeof options.title !== 'string')
    throw new TypeError('dialog.showOpenDialog: title must be a string.');
  if (options.properties !== undefined) {
    if (!Array.isArray(options.properties)) throw new TypeError('dialog.showOpenDialog: properties must be an array.');
    for (const property of options.properties) {
      if (typeof property !== 'string' || !(property in OPEN_DIALOG_PROPERTIES))
        throw new TypeError(`dialog.showOpenDialog: no property named "${String(property)}".`);
    }
  }
  if (options.filters !== undefined) {
    if (!Array.isArray(options.filters)) throw new TypeError('dialog.showOpenDialog: filters must be an array.');
    for (const filter of options.filters as { name?: unknown; extensions?: unknown }[]) {
      if (typeof filter?.name !== 'string' || !Array.isArray(filter.extensions))
        throw new TypeError('dialog.showOpenDialog: a filter is { name, extensions: string[] }.');
      for (const extension of filter.extensions) {
        // "extensions without wildcards or dots ('png' is good but '.png' and '*.png' are bad); '*' shows all files"
        if (typeof extension !== 'string' || extension === '' || (extension !== '*' && /[.*]/.test(extension))) {
          throw new TypeError(
            `dialog.showOpenDialog: the filter extension "${String(extension)}" must be without dots or wildcards.`,
          );
        }
      }
    }
  }
  return options;
}

function choosableIn(path: string, selector: OpenDialogCall['selector'], filters: OpenDialogCall['filters']): boolean {
  if (!isAbsolute(path)) throw new Error(`answerOpenDialog takes absolute paths, as a dialog returns; got "${path}".`);
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    return false; // a dialog shows only what exists
  }
  if (isFolder) return selector !== 'files';
  if (selector === 'folders') return false;
  if (filters === undefined || filters.length === 0) return true;
  const extension = extname(path).slice(1).toLowerCase();
  return filters.some((filter) =>
    filter.extensions.some((allowed) => allowed === '*' || allowed.toLowerCase() === extension),
  );
}
