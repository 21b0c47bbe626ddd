import { useState } from 'react';
import type { SavedFile } from '../../../../shared/platform/platform-adapter.ts';
import { usePlatform } from '../../lib/platform.tsx';
import { useApplicationChangedMutation } from './admin-api.ts';

/**
 * The life of a dialog that generates a document (letter, term sheet): open or closed, and `generate`, which
 * stores the record and renders its file (`make`), saves the file through the platform adapter, refreshes the
 * application and closes; on failure the dialog stays open, `failed` set, with what was typed.
 */
export function useDocumentDialog(what: string) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const platform = usePlatform();
  const [changed] = useApplicationChangedMutation();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setFailed(false);
  };
  const generate = async (make: () => Promise<SavedFile>): Promise<boolean> => {
    setFailed(false);
    try {
      await platform.saveFile(await make());
      // The desktop app reads the cache: it syncs the new record in before the detail reads again.
      await changed();
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
