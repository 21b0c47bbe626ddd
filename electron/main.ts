import path from 'node:path';
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { registerIpcHandlers } from './ipc-handlers.ts';
import { isAllowedNavigation, isSafeExternalUrl, mainWindowOptions } from './window-options.ts';

/** Wires Electron to the plain modules beside this file; everything with logic lives in them. */
const rendererUrl = process.env.VITE_DEV_SERVER_URL;
const rendererFile = path.join(import.meta.dirname, '..', 'dist', 'desktop', 'index.html');
const appUrl = rendererUrl ?? `file://${rendererFile}`;

async function createWindow() {
  const window = new BrowserWindow(mainWindowOptions(path.join(import.meta.dirname, 'preload.cjs')));
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
  });
  window.once('ready-to-show', () => window.show());
  if (rendererUrl) await window.loadURL(rendererUrl);
  else await window.loadFile(rendererFile);
}

registerIpcHandlers(ipcMain, {
  'app:get-info': async () => ({ name: app.getName(), version: app.getVersion(), platform: process.platform }),
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void app.whenReady().then(async () => {
  await createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow();
  });
});
