import zlib from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Zip files written byte by byte for the workbook-limit tests: a part keeps
 * its bytes as stored (deflated or not) and the sizes it declares, which a
 * test may make lie.
 */
export interface RawPart {
  name: string;
  /** 0 stored, 8 deflated */
  method: 0 | 8;
  /** the bytes as stored in the zip */
  data: Buffer;
  crc: number;
  /** the unpacked size the zip declares (local header and central directory) */
  size: number;
}

/** The parts of a zip as stored, without inflating them. */
export async function partsOf(zip: Buffer): Promise<RawPart[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const parts: RawPart[] = [];
  for await (const entry of file.eachEntry()) {
    const stream = await file.openReadStreamPromise(entry, { decodeFileData: false });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    parts.push({
      name: entry.fileName,
      method: entry.compressionMethod as 0 | 8,
      data: Buffer.concat(chunks),
      crc: entry.crc32,
      size: entry.uncompressedSize,
    });
  }
  file.close();
  return parts;
}

/** The unpacked text of a part (a small one). */
export const textOf = (part: RawPart) =>
  (part.method === 8 ? zlib.inflateRawSync(part.data) : part.data).toString('utf8');

/** A zip of the parts, with the sizes they declare (PKWARE APPNOTE 4.3). */
export function writeZip(parts: RawPart[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, p.data);
    directory.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

/**
 * A deflated part that unpacks to `head`, then `fill` bytes of `byte` (in
 * whole MiB), then `tail`, without ever holding the unpacked text: one MiB of
 * the byte is deflated once, its stream flushed to a byte boundary with a
 * fresh dictionary (Z_FULL_FLUSH), and that piece repeated; ~1,000 : 1.
 */
export function repeatedPart(name: string, head: string, fillMiB: number, tail: string, byte = 0x20): RawPart {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const mib = Buffer.alloc(1 << 20, byte);
  const piece = zlib.deflateRawSync(mib, { ...flush, level: 9 });
  let crc = zlib.crc32(head);
  for (let i = 0; i < fillMiB; i++) crc = zlib.crc32(mib, crc);
  crc = zlib.crc32(tail, crc);
  return {
    name,
    method: 8,
    data: Buffer.concat([
      zlib.deflateRawSync(Buffer.from(head), flush),
      ...Array<Buffer>(fillMiB).fill(piece),
      zlib.deflateRawSync(Buffer.from(tail)),
    ]),
    crc,
    size: Buffer.byteLength(head) + fillMiB * (1 << 20) + Buffer.byteLength(tail),
  };
}
