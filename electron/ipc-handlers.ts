import type { ZodType } from 'zod';
import { ipcChannels, type IpcChannel, type IpcRequests, type IpcResponses } from '../shared/ipc/channels.ts';
import { ipcRequestSchemas } from '../shared/ipc/schemas.ts';

export type IpcHandler<C extends IpcChannel> = (payload: IpcRequests[C]) => Promise<IpcResponses[C]>;

/**
 * Handlers by channel. The contract (shared/ipc) also names the cache, outbox and dialog channels of the
 * offline admin app; main registers only the channels it implements, and a call to any other one is
 * refused by Electron ("No handler registered").
 */
export type IpcHandlers = { [C in IpcChannel]?: IpcHandler<C> };

/** The part of Electron's ipcMain this module needs (passed in, so it runs and is tested in Node). */
export type IpcMainLike = {
  handle(channel: string, listener: (event: unknown, payload: unknown) => Promise<unknown>): void;
};

export class IpcValidationError extends Error {
  constructor(channel: string, detail: string) {
    super(`Invalid payload for ${channel}: ${detail}`);
    this.name = 'IpcValidationError';
  }
}

/** Validates a payload against its channel's schema, then calls the channel's handler. */
export async function dispatch<C extends IpcChannel>(
  handlers: IpcHandlers,
  channel: C,
  payload: unknown,
): Promise<IpcResponses[C]> {
  const schema: ZodType<IpcRequests[C]> = ipcRequestSchemas[channel];
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new IpcValidationError(
      channel,
      parsed.error.issues
        .slice(0, 5)
        .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
        .join('; '),
    );
  }
  const handler: IpcHandler<C> | undefined = handlers[channel];
  if (!handler) throw new Error(`No handler for ${channel}`);
  return handler(parsed.data);
}

/** Registers each implemented contract channel; every payload is validated against its schema first. */
export function registerIpcHandlers(ipcMain: IpcMainLike, handlers: IpcHandlers): void {
  for (const channel of ipcChannels) {
    if (handlers[channel]) ipcMain.handle(channel, (_event, payload) => dispatch(handlers, channel, payload));
  }
}
