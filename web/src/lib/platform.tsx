import { createContext, useContext, type ReactNode } from 'react';
import type { PlatformAdapter, SavedFile } from '../../../shared/platform/platform-adapter.ts';

/** The web build's adapter: files are downloads (an object URL on a temporary link). */
export const browserPlatform: PlatformAdapter = {
  async saveFile(file: SavedFile) {
    const blob = new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], {
      type: file.mimeType,
    });
    const url = URL.createObjectURL(blob);
    try {
      const link = document.createElement('a');
      link.href = url;
      link.download = file.suggestedName;
      document.body.append(link);
      link.click();
      link.remove();
    } finally {
      // The download has started by now; the URL only needs to live until then.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    return 'saved';
  },
};

const PlatformContext = createContext<PlatformAdapter>(browserPlatform);

/** Gives the screens below it a platform adapter (the desktop renderer passes its own). */
export function PlatformProvider({ adapter, children }: { adapter: PlatformAdapter; children: ReactNode }) {
  return <PlatformContext value={adapter}>{children}</PlatformContext>;
}

export function usePlatform(): PlatformAdapter {
  return useContext(PlatformContext);
}
