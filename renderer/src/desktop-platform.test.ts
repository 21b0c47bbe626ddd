import { describe, expect, it } from 'vitest';
import type { SaveFileRequest, SaveFileResult } from '../../shared/ipc/channels.ts';
import { desktopPlatform } from './desktop-platform.ts';

/** Stands in for window.desktop, the preload's bridge to main (Electron cannot run on this machine). */
function fakeBridge(answer: (request: SaveFileRequest) => Promise<SaveFileResult>) {
  const requests: SaveFileRequest[] = [];
  return {
    requests,
    bridge: {
      'dialog:save-file': (request: SaveFileRequest) => {
        requests.push(request);
        return answer(request);
      },
    },
  };
}

describe('the desktop platform adapter', () => {
  it('saves a PDF through the save dialog channel, with its suggested name, bytes and the PDF filter', async () => {
    const { bridge, requests } = fakeBridge(async () => ({ saved: true, filePath: '/home/officer/letter.pdf' }));
    const data = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    await expect(
      desktopPlatform(bridge).saveFile({
        suggestedName: 'pre-application-letter-lopez-family-bakery.pdf',
        mimeType: 'application/pdf',
        data,
      }),
    ).resolves.toBe('saved');
    expect(requests).toEqual([
      {
        suggestedName: 'pre-application-letter-lopez-family-bakery.pdf',
        data,
        filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
      },
    ]);
  });

  it('offers text files for text', async () => {
    const { bridge, requests } = fakeBridge(async () => ({ saved: true, filePath: '/home/officer/term-sheet.txt' }));
    await desktopPlatform(bridge).saveFile({ suggestedName: 'term-sheet.txt', mimeType: 'text/plain', data: 'Terms' });
    expect(requests[0]).toEqual({
      suggestedName: 'term-sheet.txt',
      data: 'Terms',
      filters: [{ name: 'Text files', extensions: ['txt'] }],
    });
  });

  it('answers cancelled when the officer closes the dialog', async () => {
    const { bridge } = fakeBridge(async () => ({ saved: false }));
    await expect(
      desktopPlatform(bridge).saveFile({ suggestedName: 'a.pdf', mimeType: 'application/pdf', data: 'x' }),
    ).resolves.toBe('cancelled');
  });

  it("rejects with main's own message when the file cannot be written", async () => {
    const { bridge } = fakeBridge(async () => {
      throw new Error(
        "Error invoking remote method 'dialog:save-file': FileDialogError: Could not save a.pdf in /gone: the folder does not exist.",
      );
    });
    await expect(
      desktopPlatform(bridge).saveFile({ suggestedName: 'a.pdf', mimeType: 'application/pdf', data: 'x' }),
    ).rejects.toThrow(/^Could not save a\.pdf in \/gone: the folder does not exist\.$/);
  });
});
