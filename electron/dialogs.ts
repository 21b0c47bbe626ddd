import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../shared/catalogue/documents.ts';
import type { FileFilter, OpenFileRequest, SaveFileRequest } from '../shared/ipc/channels.ts';
import { saveFiltersForName } from '../shared/platform/file-filters.ts';
import type { IpcHandlers } from './ipc-handlers.ts';

export type SaveDialogOptions = {
  defaultPath: string;
  filters: FileFilter[];
  properties: Array<'createDirectory' | 'showOverwriteConfirmation'>;
};
export type OpenDialogOptions = { title?: string; filters?: FileFilter[]; properties: Array<'openFile'> };

/**
 * The part of Electron's `dialog` module the handlers need, with and without an owning window (passed in,
 * so the handlers run and are tested in Node).
 */
export type DialogLike<W> = {
  showSaveDialog(window: W, options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  showOpenDialog(window: W, options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
};

export type DialogDependencies<W> = {
  dialog: DialogLike<W>;
  /** The window the dialog belongs to (modal to it); none when the app has no window. */
  ownerWindow: () => W | undefined;
  /** Where the save dialog opens, e.g. Electron's app.getPath('documents'). */
  defaultFolder: () => string;
  /** The largest file the open dialog reads (the documents bucket's limit by default). */
  maxOpenBytes?: number;
};

/** A file could not be written or read; the message says which and why, without a stack or a raw code. */
export class FileDialogError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileDialogError';
  }
}

const reasons: Record<string, string> = {
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exhausted',
  EROFS: 'the disk is read-only',
  EBUSY: 'the file is in use',
};

function reasonOf(error: unknown, overrides: Record<string, string> = {}): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known = code ? (overrides[code] ?? reasons[code]) : undefined;
  return known ?? (error instanceof Error ? error.message : String(error));
}

/** Writes a file chosen in the save dialog: text as UTF-8, bytes as they are. */
async function writeChosenFile(filePath: string, data: SaveFileRequest['data']): Promise<void> {
  try {
    if (typeof data === 'string') await writeFile(filePath, data, 'utf8');
    else await writeFile(filePath, data);
  } catch (error) {
    throw new FileDialogError(
      `Could not save ${path.basename(filePath)} in ${path.dirname(filePath)}: ${reasonOf(error)}.`,
      { cause: error },
    );
  }
}

async function readChosenFile(filePath: string, maxBytes: number): Promise<Uint8Array> {
  const name = path.basename(filePath);
  let bytes: Buffer;
  try {
    const { size } = await stat(filePath);
    if (size > maxBytes) {
      const megabytes = (maxBytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 });
      throw new FileDialogError(`Could not open ${name}: it is larger than ${megabytes} MB.`);
    }
    bytes = await readFile(filePath);
  } catch (error) {
    if (error instanceof FileDialogError) throw error;
    throw new FileDialogError(`Could not open ${name}: ${reasonOf(error, { ENOENT: 'the file does not exist' })}.`, {
      cause: error,
    });
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The handlers of 'dialog:save-file' and 'dialog:open-file' (shared/ipc/channels.ts). Saving asks where
 * with the system's save dialog (the suggested name in the default folder; filters from the request, else
 * from the name's extension) and writes the file there; cancelling writes nothing and answers
 * { saved: false }. Opening reads the chosen file (up to a size limit). A file that cannot be written or
 * read rejects with a FileDialogError saying why.
 */
export function dialogHandlers<W>(dependencies: DialogDependencies<W>): IpcHandlers {
  const { dialog, ownerWindow, defaultFolder } = dependencies;
  const maxOpenBytes = dependencies.maxOpenBytes ?? MAX_UPLOAD_BYTES;
  return {
    'dialog:save-file': async ({ suggestedName, data, filters }) => {
      const options: SaveDialogOptions = {
        defaultPath: path.join(defaultFolder(), path.basename(suggestedName)),
        filters: filters ?? saveFiltersForName(suggestedName),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const owner = ownerWindow();
      const choice = await (owner ? dialog.showSaveDialog(owner, options) : dialog.showSaveDialog(options));
      if (choice.canceled || !choice.filePath) return { saved: false };
      await writeChosenFile(choice.filePath, data);
      return { saved: true, filePath: choice.filePath };
    },
    'dialog:open-file': async ({ title, filters }: OpenFileRequest) => {
      const options: OpenDialogOptions = { properties: ['openFile'] };
      if (title) options.title = title;
      if (filters) options.filters = filters;
      const owner = ownerWindow();
      const choice = await (owner ? dialog.showOpenDialog(owner, options) : dialog.showOpenDialog(options));
      const filePath = choice.filePaths[0];
      if (choice.canceled || !filePath) return { opened: false };
      return { opened: true, fileName: path.basename(filePath), data: await readChosenFile(filePath, maxOpenBytes) };
    },
  };
}
