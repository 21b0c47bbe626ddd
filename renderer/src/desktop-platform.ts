import type { DesktopBridge } from '../../shared/ipc/channels.ts';
import type { PlatformAdapter } from '../../shared/platform/platform-adapter.ts';

/** The desktop adapter: files are saved where the officer chooses in the system's save dialog. */
export function desktopPlatform(bridge: DesktopBridge): PlatformAdapter {
  return {
    async saveFile(file) {
      const extension = file.suggestedName.slice(file.suggestedName.lastIndexOf('.') + 1);
      const result = await bridge['dialog:save-file']({
        suggestedName: file.suggestedName,
        data: file.data,
        filters: [
          { name: file.mimeType === 'application/pdf' ? 'PDF documents' : 'Text files', extensions: [extension] },
        ],
      });
      return result.saved ? 'saved' : 'cancelled';
    },
  };
}
