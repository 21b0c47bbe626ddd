import { z } from 'zod';
import type { IpcChannel, IpcRequests } from './channels.ts';

/** The desktop IPC contract, part 2: the zod schema main validates each channel's payload with. */
export const ipcRequestSchemas = {
  'app:get-info': z.undefined(),
} satisfies { [C in IpcChannel]: z.ZodType<IpcRequests[C]> };
