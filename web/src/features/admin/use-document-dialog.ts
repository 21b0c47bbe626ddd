import { useState } from 'react';
import type { SavedFile } from '../../../../shared/platform/platform-adapter.ts';
import { usePlatform } from '../../lib/platform.tsx';
import { useChangeOnServer } from './admin-api.ts';
import { failureMessage } from './admin-repository.ts';

/**
 * The life of a dialog that generates a document (letter, term sheet): open or closed, and `generate`, which
 * stores the record and renders its file (`make`), refreshes the application, saves the file through the
 * platform adapter and closes; on failure the dialog stays open with what was typed, `problem` saying why
 * (`messages.offline` when the server cannot be reached).
 */
export function useDocumentDialog(what: string, messages: { failed: string; offline: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const platform = usePlatform();
  const changeOnServer = useChangeOnServer();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setProblem(null);
  };
  const generate = async (make: () => Promise<SavedFile>): Promise<boolean> => {
    setProblem(null);
    try {
      // The desktop app reads the cache: it syncs the new record in before the detail reads again.
      await platform.saveFile(await changeOnServer(make));
      setOpen(false);
      return true;
    } catch (error) {
      console.error(`${what} failed`, error);
      setProblem(failureMessage(error, messages.failed, messages.offline));
      return false;
    }
  };
  return { open, problem, onOpenChange, generate };
}
