import { describe, expect, it } from 'vitest';
import { ipcChannels } from '../shared/ipc/channels.ts';
import { dispatch, IpcValidationError, registerIpcHandlers, type IpcHandlers } from './ipc-handlers.ts';

const handlers: IpcHandlers = {
  'app:get-info': async () => ({ name: 'Loan Match', version: '1.2.3', platform: 'linux' }),
};

describe('IPC handlers', () => {
  it('registers exactly the implemented contract channels', () => {
    // Stands in for Electron's ipcMain, which needs the Electron binary (not available here).
    const registered = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
    registerIpcHandlers({ handle: (channel, listener) => registered.set(channel, listener) }, handlers);
    expect([...registered.keys()]).toEqual(ipcChannels.filter((channel) => channel in handlers));
    expect(registered.has('app:get-info')).toBe(true);
  });

  it('answers a valid call through the registered listener', async () => {
    const registered = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
    registerIpcHandlers({ handle: (channel, listener) => registered.set(channel, listener) }, handlers);
    await expect(registered.get('app:get-info')!({}, undefined)).resolves.toEqual({
      name: 'Loan Match',
      version: '1.2.3',
      platform: 'linux',
    });
  });

  it('refuses a payload that does not match the channel schema', async () => {
    await expect(dispatch(handlers, 'app:get-info', { unexpected: true })).rejects.toBeInstanceOf(IpcValidationError);
  });
});
