import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import { appEntryUrl, appProtocolHandler, appScheme, appSchemePrivileges } from './app-protocol.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { CacheStore } from './cache/cache-store.ts';
import { openCacheDatabase } from './cache/cache-database.ts';
import { Outbox } from './cache/outbox.ts';
import { desktopDataHandlers } from './desktop-handlers.ts';
import { dialogHandlers } from './dialogs.ts';
import { documentViewer, forgetShownDocuments } from './show-document.ts';
import { registerIpcHandlers } from './ipc-handlers.ts';
import { ConnectionStore } from './settings.ts';
import { sqliteNativeBinding } from './sqlite-native-binding.ts';
import { denyAllPermissions, guardWindow } from './window-guards.ts';
import { mainWindowOptions } from './window-options.ts';

/** Wires Electron to the plain modules beside this file; everything with logic lives in them. */
const projectRoot = path.join(import.meta.dirname, '..');
const rendererFolder = path.join(projectRoot, 'dist', 'desktop');

const userData = app.getPath('userData');
const connection = new ConnectionStore(path.join(userData, 'connection.json'));

/** The API server the renderer may connect to (CSP connect-src): the one the officer chose. */
const apiUrl = (): string | null => connection.read()?.supabaseUrl ?? null;

/**
 * better-sqlite3 built for Electron's ABI (npm run rebuild:desktop-native, shipped in resources/native);
 * SQLite is opened with it: openCacheDatabase(file, { nativeBinding: sqliteBinding }).
 */
const sqliteBinding = sqliteNativeBinding({
  packaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  projectRoot,
});

const cacheDatabase = openCacheDatabase(path.join(userData, 'cache.sqlite'), { nativeBinding: sqliteBinding });

// Before the app is ready: app:// is a standard, secure origin of its own that serves the renderer.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);

let mainWindow: BrowserWindow | undefined;

async function createWindow() {
  const window = new BrowserWindow(
    mainWindowOptions(path.join(import.meta.dirname, 'preload.cjs'), { packaged: app.isPackaged }),
  );
  mainWindow = window;
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  window.once('ready-to-show', () => window.show());
  await window.loadURL(appEntryUrl);
}

// Every web contents (the window, and anything it might try to create) stays on app:// pages.
app.on('web-contents-created', (_event, contents) => guardWindow(contents, (url) => shell.openExternal(url)));

/** Where documents opened in the system's viewer are copied; emptied at each start (and at logout). */
const shownDocuments = path.join(app.getPath('temp'), 'loan-match-documents');
forgetShownDocuments(shownDocuments);

registerIpcHandlers(ipcMain, {
  'app:get-info': async () => ({ name: app.getName(), version: app.getVersion(), platform: process.platform }),
  // Settings, the offline cache, kept documents and the outbox.
  ...desktopDataHandlers({
    cache: new CacheStore(cacheDatabase),
    outbox: new Outbox(cacheDatabase),
    connection,
    showDocument: documentViewer({ folder: shownDocuments, openPath: (filePath) => shell.openPath(filePath) }),
    forgetShownDocuments: () => forgetShownDocuments(shownDocuments),
  }),
  // Native save dialogs for letters, term sheets and packages (docs/product.md §7, Local-only behaviour).
  ...dialogHandlers({ dialog, ownerWindow: () => mainWindow, defaultFolder: () => app.getPath('documents') }),
});

app.on('will-quit', () => cacheDatabase.close());

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void app.whenReady().then(async () => {
  denyAllPermissions(session.defaultSession);
  protocol.handle(
    appScheme,
    appProtocolHandler({ root: rendererFolder, contentSecurityPolicy: () => contentSecurityPolicy(apiUrl()) }),
  );
  await createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow();
  });
});
