import { useState } from 'react';
import type { SavedFile } from '../../../../shared/platform/platform-adapter.ts';
import { usePlatform } from '../../lib/platform.tsx';
import { useChangeOnServer } from './admin-api.ts';

/**
 * The life of a dialog that generates a document (letter, term sheet): open or closed, and `generate`, which
 * stores the record and renders its file (`make`), refreshes the application, saves the file through the
 * platform adapter and closes; on failure the dialog stays open, `failed` set, with what was typed.
 */
export function useDocumentDialog(what: string) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const platform = usePlatform();
  const changeOnServer = useChangeOnServer();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setFailed(false);
  };
  const generate = async (make: () => Promise<SavedFile>): Promise<boolean> => {
    setFailed(false);
    try {
      // The desktop app reads the cache: it syncs the new record in before the detail reads again.
      await platform.saveFile(await changeOnServer(make));
      setOpen(false);
      return true;
    } catch (error) {
      console.error(`${what} failed`, error);
      setFailed(true);
      return false;
    }
  };
  return { open, failed, onOpenChange, generate };
}
