import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialogHandlers, FileDialogError, type DialogLike, type SaveDialogOptions } from './dialogs.ts';
import { dispatch } from './ipc-handlers.ts';

type FakeWindow = { id: number };

/**
 * Stands in for Electron's `dialog` module (Electron cannot run on this machine): it records how it was
 * asked, and answers with the path the test chose as if the user had picked it, or as a cancel.
 */
function fakeDialog(answer: { save?: string; open?: string[] }) {
  const calls: { kind: 'save' | 'open'; window: FakeWindow | undefined; options: unknown }[] = [];
  const split = (args: unknown[]) =>
    args.length === 2 ? { window: args[0] as FakeWindow, options: args[1] } : { window: undefined, options: args[0] };
  const dialog: DialogLike<FakeWindow> = {
    showSaveDialog: async (...args: unknown[]) => {
      calls.push({ kind: 'save', ...split(args) });
      return answer.save ? { canceled: false, filePath: answer.save } : { canceled: true, filePath: '' };
    },
    showOpenDialog: async (...args: unknown[]) => {
      calls.push({ kind: 'open', ...split(args) });
      return answer.open ? { canceled: false, filePaths: answer.open } : { canceled: true, filePaths: [] };
    },
  };
  return { dialog, calls };
}

let folder: string;
const owner: FakeWindow = { id: 1 };

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'dialogs-'));
});
afterEach(() => {
  chmodSync(folder, 0o700);
  rmSync(folder, { recursive: true, force: true });
});

function handlers(answer: { save?: string; open?: string[] }, options: { window?: FakeWindow; max?: number } = {}) {
  const fake = fakeDialog(answer);
  const built = dialogHandlers({
    dialog: fake.dialog,
    ownerWindow: () => ('window' in options ? options.window : owner),
    defaultFolder: () => '/home/officer/Documents',
    ...(options.max ? { maxOpenBytes: options.max } : {}),
  });
  return { ...fake, handlers: built };
}

describe('dialog:save-file', () => {
  it('writes a PDF byte for byte where the user chose, from a dialog owned by the window', async () => {
    const target = path.join(folder, 'letter.pdf');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
    const { handlers: h, calls } = handlers({ save: target });
    await expect(
      dispatch(h, 'dialog:save-file', { suggestedName: 'pre-application-letter-lopez.pdf', data: bytes }),
    ).resolves.toEqual({ saved: true, filePath: target });
    expect(new Uint8Array(readFileSync(target))).toEqual(bytes);
    expect(calls).toEqual([
      {
        kind: 'save',
        window: owner,
        options: {
          defaultPath: path.join('/home/officer/Documents', 'pre-application-letter-lopez.pdf'),
          filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
          properties: ['createDirectory', 'showOverwriteConfirmation'],
        } satisfies SaveDialogOptions,
      },
    ]);
  });

  it('writes text as UTF-8 and offers text files for a .txt name', async () => {
    const target = path.join(folder, 'term-sheet.txt');
    const text = 'Term sheet — Café Olé: $250,000 at 11.5%\n';
    const { handlers: h, calls } = handlers({ save: target });
    await dispatch(h, 'dialog:save-file', { suggestedName: 'term-sheet.txt', data: text });
    expect(readFileSync(target)).toEqual(Buffer.from(text, 'utf8'));
    expect(calls[0]!.options).toMatchObject({ filters: [{ name: 'Text files', extensions: ['txt'] }] });
  });

  it('uses the filters the caller gave', async () => {
    const filters = [{ name: 'Bank packages', extensions: ['zip'] }];
    const { handlers: h, calls } = handlers({ save: path.join(folder, 'package.zip') });
    await dispatch(h, 'dialog:save-file', { suggestedName: 'package.zip', data: 'x', filters });
    expect(calls[0]!.options).toMatchObject({ filters });
  });

  it('writes nothing and answers saved: false when the user cancels', async () => {
    const { handlers: h } = handlers({});
    await expect(dispatch(h, 'dialog:save-file', { suggestedName: 'letter.pdf', data: 'x' })).resolves.toEqual({
      saved: false,
    });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('opens an unowned dialog when the app has no window', async () => {
    const { handlers: h, calls } = handlers({}, { window: undefined });
    await dispatch(h, 'dialog:save-file', { suggestedName: 'letter.pdf', data: 'x' });
    expect(calls[0]!.window).toBeUndefined();
  });

  it('says clearly that the folder does not exist', async () => {
    const target = path.join(folder, 'gone', 'letter.pdf');
    const { handlers: h } = handlers({ save: target });
    const saving = dispatch(h, 'dialog:save-file', { suggestedName: 'letter.pdf', data: 'x' });
    await expect(saving).rejects.toBeInstanceOf(FileDialogError);
    await expect(saving).rejects.toThrow(
      `Could not save letter.pdf in ${path.join(folder, 'gone')}: the folder does not exist.`,
    );
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'says clearly that the folder may not be written',
    async () => {
      const locked = path.join(folder, 'locked');
      mkdirSync(locked, { mode: 0o500 });
      const { handlers: h } = handlers({ save: path.join(locked, 'letter.pdf') });
      await expect(dispatch(h, 'dialog:save-file', { suggestedName: 'letter.pdf', data: 'x' })).rejects.toThrow(
        `Could not save letter.pdf in ${locked}: permission denied.`,
      );
    },
  );

  it('refuses a suggested name with folders before any dialog opens', async () => {
    const { handlers: h, calls } = handlers({ save: path.join(folder, 'x') });
    await expect(dispatch(h, 'dialog:save-file', { suggestedName: '../../.bashrc', data: 'x' })).rejects.toThrow(
      /Invalid payload for dialog:save-file/,
    );
    expect(calls).toEqual([]);
  });
});

describe('dialog:open-file', () => {
  it('reads the chosen file byte for byte', async () => {
    const source = path.join(folder, 'tax-return.pdf');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0xfe]);
    writeFileSync(source, bytes);
    const { handlers: h, calls } = handlers({ open: [source] });
    const filters = [{ name: 'PDF documents', extensions: ['pdf'] }];
    const result = await dispatch(h, 'dialog:open-file', { title: 'Choose a document', filters });
    expect(result).toEqual({ opened: true, fileName: 'tax-return.pdf', data: bytes });
    expect(calls[0]).toEqual({
      kind: 'open',
      window: owner,
      options: { title: 'Choose a document', filters, properties: ['openFile'] },
    });
  });

  it('answers opened: false when the user cancels', async () => {
    const { handlers: h } = handlers({});
    await expect(dispatch(h, 'dialog:open-file', {})).resolves.toEqual({ opened: false });
  });

  it('refuses a file over the size limit, and says so', async () => {
    const source = path.join(folder, 'big.pdf');
    writeFileSync(source, new Uint8Array(2 * 1024 * 1024 + 1));
    const { handlers: h } = handlers({ open: [source] }, { max: 2 * 1024 * 1024 });
    await expect(dispatch(h, 'dialog:open-file', {})).rejects.toThrow(
      'Could not open big.pdf: it is larger than 2 MB.',
    );
  });

  it('says clearly when the chosen file is gone', async () => {
    const { handlers: h } = handlers({ open: [path.join(folder, 'moved.pdf')] });
    await expect(dispatch(h, 'dialog:open-file', {})).rejects.toThrow(
      'Could not open moved.pdf: the file does not exist.',
    );
  });
});
