import type { DesktopBridge } from '../../shared/ipc/channels.ts';
import { saveFilterForType } from '../../shared/platform/file-filters.ts';
import type { PlatformAdapter } from '../../shared/platform/platform-adapter.ts';

/**
 * Electron prefixes an error thrown by a main-process handler with where it came from
 * ("Error invoking remote method 'dialog:save-file': Error: ..."); what main said is the part after it.
 */
function mainProcessMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']+': (?:\w*Error: )?/, '');
}

/**
 * The desktop app's adapter (shared/platform): a file is saved where the officer chooses in the system's
 * save dialog, through the preload's bridge; main writes it. A refusal to write rejects with main's
 * message (e.g. "Could not save letter.pdf in /x: the folder does not exist.").
 */
export function desktopPlatform(bridge: Pick<DesktopBridge, 'dialog:save-file'>): PlatformAdapter {
  return {
    async saveFile(file) {
      try {
        const result = await bridge['dialog:save-file']({
          suggestedName: file.suggestedName,
          data: file.data,
          filters: [saveFilterForType(file.mimeType)],
        });
        return result.saved ? 'saved' : 'cancelled';
      } catch (error) {
        throw new Error(mainProcessMessage(error), { cause: error });
      }
    },
  };
}
