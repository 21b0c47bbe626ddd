/**
 * The desktop IPC contract, part 1: channel names and their request and response types. Kept free of
 * runtime dependencies so the sandboxed preload stays tiny; the payload schemas are in schemas.ts.
 */
export const ipcChannels = ['app:get-info'] as const;

export type IpcChannel = (typeof ipcChannels)[number];

export type AppInfo = { name: string; version: string; platform: string };

/** What each channel is called with. */
export type IpcRequests = {
  'app:get-info': undefined;
};

/** What each channel resolves with. */
export type IpcResponses = {
  'app:get-info': AppInfo;
};

/** The API the preload puts on window.desktop: one function per channel. */
export type DesktopBridge = {
  [C in IpcChannel]: (payload: IpcRequests[C]) => Promise<IpcResponses[C]>;
};
