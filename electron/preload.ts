import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannels, type DesktopBridge } from '../shared/ipc/channels.ts';

/** One function per contract channel on window.desktop; the renderer never sees ipcRenderer itself. */
const bridge = Object.fromEntries(
  ipcChannels.map((channel) => [channel, (payload: unknown) => ipcRenderer.invoke(channel, payload)]),
) as DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);
