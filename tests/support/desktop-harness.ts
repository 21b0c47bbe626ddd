import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { openCacheDatabase, type CacheDatabase } from '../../electron/cache/cache-database.ts';
import { CacheStore } from '../../electron/cache/cache-store.ts';
import { Outbox } from '../../electron/cache/outbox.ts';
import { desktopDataHandlers } from '../../electron/desktop-handlers.ts';
import { dialogHandlers, type SaveDialogOptions } from '../../electron/dialogs.ts';
import { dispatch, type IpcHandlers } from '../../electron/ipc-handlers.ts';
import { ConnectionStore } from '../../electron/settings.ts';
import { documentViewer } from '../../electron/show-document.ts';
import { ipcChannels, type IpcChannel } from '../../shared/ipc/channels.ts';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** Builds the desktop renderer (renderer/) into a temporary folder, as `npm run build:desktop` does. */
export async function buildRenderer(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'loan-match-renderer-'));
  await build({
    configFile: false,
    root: path.join(projectRoot, 'renderer'),
    base: './',
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves a built renderer on loopback (Electron serves it at app://; a page here needs an http origin). */
export async function serveFolder(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The desktop app's main process without Electron (whose binary cannot be downloaded here): the real
 * handlers over a real SQLite cache, reached from the page through a binding that speaks the same
 * contract as the preload's window.desktop. Bytes cross as base64, as structured clone would carry them.
 */
export class DesktopMain {
  readonly folder: string;
  readonly db: CacheDatabase;
  /** Documents handed to the system viewer (stands in for Electron's shell.openPath). */
  readonly shown: { fileName: string; data: Uint8Array }[] = [];
  /**
   * Files saved through the save dialog (Electron's dialog, not runnable here, is stood in for: it picks the
   * suggested name in `saved/`), each listed once the handler has written it, so that a test may read it at once.
   */
  readonly saved: { filePath: string; suggestedPath: string }[] = [];
  readonly handlers: IpcHandlers;

  /** A new app's folder; or the folder of an app that quit, so that a restart reopens the same cache. */
  constructor(folder = mkdtempSync(path.join(tmpdir(), 'loan-match-desktop-'))) {
    this.folder = folder;
    this.db = openCacheDatabase(path.join(folder, 'cache.sqlite'));
    const suggestedPaths = new Map<string, string>();
    const dialogs = dialogHandlers({
      dialog: {
        showSaveDialog: async (...args: unknown[]) => {
          const options = args.at(-1) as SaveDialogOptions;
          const filePath = path.join(this.folder, 'saved', path.basename(options.defaultPath));
          mkdirSync(path.dirname(filePath), { recursive: true });
          suggestedPaths.set(filePath, options.defaultPath);
          return { canceled: false, filePath };
        },
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      },
      ownerWindow: () => undefined,
      defaultFolder: () => path.join(this.folder, 'Documents'),
    });
    const saveFile = dialogs['dialog:save-file']!;
    this.handlers = {
      ...desktopDataHandlers({
        cache: new CacheStore(this.db),
        outbox: new Outbox(this.db),
        connection: new ConnectionStore(path.join(this.folder, 'connection.json')),
        // The real viewer file writer; Electron's shell.openPath (not runnable here) is stood in for by a recorder.
        showDocument: documentViewer({
          folder: path.join(this.folder, 'viewer'),
          openPath: async (filePath) => {
            this.shown.push({ fileName: path.basename(filePath), data: new Uint8Array(readFileSync(filePath)) });
            return '';
          },
        }),
      }),
      ...dialogs,
      'dialog:save-file': async (request) => {
        const result = await saveFile(request);
        if (result.saved)
          this.saved.push({ filePath: result.filePath, suggestedPath: suggestedPaths.get(result.filePath)! });
        return result;
      },
    };
  }

  call<C extends IpcChannel>(channel: C, payload: unknown) {
    return dispatch(this.handlers, channel, payload);
  }

  async attach(page: Page): Promise<void> {
    await page.exposeBinding('__desktopInvoke', async (_source, channel: IpcChannel, payload: unknown) =>
      encodeBytes(await this.call(channel, decodeBytes(payload))),
    );
    await page.addInitScript((channels: readonly string[]) => {
      const encode = (value: unknown): unknown => {
        if (value instanceof Uint8Array)
          return { __bytes: btoa(Array.from(value, (b) => String.fromCharCode(b)).join('')) };
        if (Array.isArray(value)) return value.map(encode);
        if (value && typeof value === 'object') {
          return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item)]));
        }
        return value;
      };
      const decode = (value: unknown): unknown => {
        if (value && typeof value === 'object' && '__bytes' in value) {
          return Uint8Array.from(atob(String((value as { __bytes: string }).__bytes)), (ch) => ch.charCodeAt(0));
        }
        if (Array.isArray(value)) return value.map(decode);
        if (value && typeof value === 'object') {
          return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decode(item)]));
        }
        return value;
      };
      const invoke = (window as unknown as { __desktopInvoke: (c: string, p: unknown) => Promise<unknown> })
        .__desktopInvoke;
      (window as unknown as { desktop: unknown }).desktop = Object.fromEntries(
        channels.map((channel) => [
          channel,
          async (payload: unknown) => decode(await invoke(channel, encode(payload))),
        ]),
      );
    }, ipcChannels);
  }

  /** The app quits: its cache stays in its folder, for a restart. */
  quit(): void {
    this.db.close();
  }

  close(): void {
    if (this.db.open) this.db.close();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeBytes(item)]));
  }
  return value;
}

function decodeBytes(value: unknown): unknown {
  if (value && typeof value === 'object' && '__bytes' in value) {
    return new Uint8Array(Buffer.from(String((value as { __bytes: string }).__bytes), 'base64'));
  }
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeBytes(item)]));
  }
  return value;
}
