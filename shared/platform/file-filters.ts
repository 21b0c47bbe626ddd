import type { FileFilter } from '../ipc/channels.ts';
import type { SavedFile } from './platform-adapter.ts';

/** The filter a save dialog shows for each kind of file the app saves (letters, term sheets, packages). */
const savedFileFilters = {
  'application/pdf': { name: 'PDF documents', extensions: ['pdf'] },
  'text/plain': { name: 'Text files', extensions: ['txt'] },
} satisfies Record<SavedFile['mimeType'], FileFilter>;

/** The save dialog's filter for a file of this type (the desktop adapter sends it with the file). */
export function saveFilterForType(mimeType: SavedFile['mimeType']): FileFilter {
  const { name, extensions } = savedFileFilters[mimeType];
  return { name, extensions: [...extensions] };
}

/**
 * The save dialog's filters when the caller named none: the one whose extension the suggested name ends
 * with (letter.pdf: PDF documents), or none for another extension, so every file stays visible.
 */
export function saveFiltersForName(fileName: string): FileFilter[] {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const filter = Object.values(savedFileFilters).find((candidate) => candidate.extensions.includes(extension ?? ''));
  return filter ? [{ name: filter.name, extensions: [...filter.extensions] }] : [];
}
