/**
 * File types recognised from their first bytes (never from the name or the declared type).
 * Office files are ZIP archives: they are told apart by the entries inside.
 */
export interface Sniffed {
  mime: string;
  ext: string;
}

const JPEG: Sniffed = { mime: 'image/jpeg', ext: 'jpg' };
const PNG: Sniffed = { mime: 'image/png', ext: 'png' };
const WEBP: Sniffed = { mime: 'image/webp', ext: 'webp' };
const PDF: Sniffed = { mime: 'application/pdf', ext: 'pdf' };
const XLSX: Sniffed = { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
const DOCX: Sniffed = { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return WEBP;
  return null;
}

export function sniffAttachment(buf: Buffer): Sniffed | null {
  const image = sniffImage(buf);
  if (image) return image;
  if (startsWith(buf, ascii('%PDF-'))) return PDF;
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(buf);
    if (!names?.includes('[Content_Types].xml')) return null;
    if (names.some((n) => n.startsWith('xl/'))) return XLSX;
    if (names.some((n) => n.startsWith('word/'))) return DOCX;
  }
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const MAX_ENTRIES = 20_000;

/** The entry names of a ZIP archive from its central directory; null when it is not a sound ZIP. */
export function zipEntryNames(buf: Buffer): string[] | null {
  // The end-of-central-directory record is within the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries > MAX_ENTRIES || cdOffset >= eocd) return null;
  const names: string[] = [];
  let pos = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (pos + 46 > eocd || buf.readUInt32LE(pos) !== CENTRAL_HEADER) return null;
    const nameLen = buf.readUInt16LE(pos + 28);
    const extraLen = buf.readUInt16LE(pos + 30);
    const commentLen = buf.readUInt16LE(pos + 32);
    if (pos + 46 + nameLen > eocd) return null;
    names.push(buf.toString('utf8', pos + 46, pos + 46 + nameLen));
    pos += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
