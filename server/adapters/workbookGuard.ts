import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { WORKBOOK_LIMITS } from '../../domain/codes';
import { AppError } from '../errors';

/**
 * An uploaded workbook is a zip, and a zip of 1 MB can inflate to gigabytes
 * (a "zip bomb"). Before any spreadsheet reader sees an upload, this reads
 * the zip's central directory and refuses (413 app.import.workbookTooLarge),
 * before inflating anything, a workbook whose declared sizes pass the limits
 * of WORKBOOK_LIMITS (domain/codes.ts; docs/api/schools.md "Bulk
 * enrolment"); then inflates each part through a byte counter that stops at
 * the part's declared size and at the total, since the declared sizes may lie.
 * The reader is then given a new zip of exactly the parts counted, stored
 * (not compressed): nothing it opens can inflate past what was measured, and
 * parts a different zip reader might find beside the directory are not in it.
 */

const notAWorkbook = () => new AppError(400, 'app.import.notAWorkbook', { file: 'app.import.notAWorkbook' });
const tooLarge = () => new AppError(413, 'app.import.workbookTooLarge', { file: 'app.import.workbookTooLarge' });

/** The refusals of the central directory alone: what the parts declare, nothing inflated. */
function checkDeclared(entries: Entry[]) {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > WORKBOOK_LIMITS.maxUnpackedBytes) throw tooLarge();
    if (
      entry.uncompressedSize > WORKBOOK_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * WORKBOOK_LIMITS.maxRatio
    )
      throw tooLarge();
  }
}

/** One part inflated, at most `cap` bytes: beyond it the inflating stops and the workbook is refused. */
async function inflate(zip: ZipFile, entry: Entry, cap: number): Promise<Buffer> {
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    // encrypted, an unknown compression, a broken local header
    throw notAWorkbook();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError) throw error;
    throw notAWorkbook();
  }
  return Buffer.concat(chunks, size);
}

/**
 * A zip of the parts, stored without compression (PKWARE APPNOTE 4.3: local
 * headers, central directory, end record; names in UTF-8, flag bit 11).
 * Small enough for 32-bit fields: the parts total at most maxUnpackedBytes.
 */
export function storedZip(parts: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42); // the rest (extra, comment, disk, attributes) 0
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The workbook as a spreadsheet reader may open it, once every limit held:
 * 400 app.import.notAWorkbook for a file that is no zip (or a broken one),
 * 413 app.import.workbookTooLarge beyond WORKBOOK_LIMITS.
 */
export async function verifiedWorkbook(data: Buffer): Promise<Buffer> {
  let zip: ZipFile;
  try {
    // the sizes are checked here, against the limits, not by yauzl against the directory alone
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: false });
  } catch {
    throw notAWorkbook();
  }
  try {
    if (zip.entryCount > WORKBOOK_LIMITS.maxEntries) throw tooLarge();
    const entries: Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) entries.push(entry);
    } catch {
      throw notAWorkbook();
    }
    checkDeclared(entries);
    const parts: { name: string; data: Buffer }[] = [];
    let total = 0;
    for (const entry of entries) {
      // never more than the part declared, nor than the total allows
      const cap = Math.min(entry.uncompressedSize, WORKBOOK_LIMITS.maxUnpackedBytes - total);
      const part = await inflate(zip, entry, cap);
      // shorter than declared: a broken zip
      if (part.length !== entry.uncompressedSize) throw notAWorkbook();
      total += part.length;
      if (!entry.fileName.endsWith('/')) parts.push({ name: entry.fileName, data: part });
    }
    return storedZip(parts);
  } finally {
    zip.close();
  }
}
