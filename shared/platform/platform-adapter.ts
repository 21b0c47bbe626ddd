/**
 * What differs between the web build and the desktop app, behind one interface (docs/architecture.md, Conventions):
 * the browser downloads a file, the desktop app asks where to save it with the system's dialog. Screens get
 * the adapter passed in (web/src/lib/platform.tsx) and never check which platform they run on.
 */
export type SavedFile = {
  /** The file name offered to the user, e.g. pre-application-letter-lopez-family-bakery.pdf. */
  suggestedName: string;
  mimeType: 'application/pdf' | 'text/plain';
  data: Uint8Array | string;
};

export type PlatformAdapter = {
  /** 'saved' once the file is written or handed to the browser; 'cancelled' when the user declined. */
  saveFile(file: SavedFile): Promise<'saved' | 'cancelled'>;
};
