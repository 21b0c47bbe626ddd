import { deflateSync } from 'node:zlib';

/** Small but real files of each kind the portal accepts or refuses, for upload tests. */

export function pdfBytes(text = 'Loan Match test document'): Uint8Array<ArrayBuffer> {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1x1 PNG. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255, 255]))),
    chunk('IEND', new Uint8Array()),
  ]);
  return new Uint8Array(png);
}

/** A PDF padded past `size` bytes (still a PDF at the start). */
export function largePdf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(pdfBytes());
  return bytes;
}

/** An OLE compound file (what .doc and .xls files are): its signature and an empty 512-byte header. */
export function compoundFileBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
}

/** A JPEG: start-of-image and a JFIF header (enough for content sniffing). */
export function jpegBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(64);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return bytes;
}

/** A zip archive of stored (uncompressed) entries, with its central directory. */
function zipOf(entries: { name: string; text: string }[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A minimal Office Open XML document (.docx) or workbook (.xlsx), recognisable by its content types. */
export function officeOpenXmlBytes(kind: 'docx' | 'xlsx'): Uint8Array<ArrayBuffer> {
  const main =
    kind === 'docx'
      ? {
          part: '/word/document.xml',
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        }
      : {
          part: '/xl/workbook.xml',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        };
  const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${main.part}" ContentType="${main.type}"/></Types>`;
  return zipOf([
    { name: '[Content_Types].xml', text: contentTypes },
    { name: main.part.slice(1), text: '<?xml version="1.0" encoding="UTF-8"?><root/>' },
  ]);
}

/** One small, real file for every extension the portal accepts. */
export function sampleFileFor(
  extension: 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'jpg' | 'jpeg' | 'png',
): Uint8Array<ArrayBuffer> {
  switch (extension) {
    case 'pdf':
      return pdfBytes();
    case 'doc':
    case 'xls':
      return compoundFileBytes();
    case 'docx':
    case 'xlsx':
      return officeOpenXmlBytes(extension);
    case 'jpg':
    case 'jpeg':
      return jpegBytes();
    case 'png':
      return pngBytes();
  }
}
