/**
 * The few parts of a ZIP a .docx needs changed, rewritten; everything else copied as it was.
 * A general ZIP library inflates and deflates every entry again, which changes the bytes of
 * parts we never touched (and costs time); here an unchanged entry's local header, compressed
 * data and central directory record are copied byte for byte, only its offset updated.
 * ZIP64 archives, encrypted entries and multi-disk archives are refused (Word writes none of
 * them for a document under the upload limit).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { AnnotateError } from './errors';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Offset of the local header in the archive. */
  localOffset: number;
  /** The whole local record: header, name, extra field, data and data descriptor. */
  localStart: number;
  localEnd: number;
  /** Where the compressed data sits. */
  dataStart: number;
  /** The central directory record as written. */
  central: Buffer;
  /** MS-DOS time and date, kept on a rewritten entry. */
  time: number;
  date: number;
}

export interface ZipArchive {
  bytes: Buffer;
  entries: ZipEntry[];
  /** The archive comment, kept. */
  comment: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** Reads an archive's directory; the entries' data stays in `bytes`. */
export function readZip(bytes: Buffer): ZipArchive {
  const corrupt = (): never => {
    throw new AnnotateError('docx-corrupt');
  };
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) corrupt();
  const disk = bytes.readUInt16LE(eocd + 4);
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  const commentLength = bytes.readUInt16LE(eocd + 20);
  if (disk !== 0 || count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new AnnotateError('docx-unsupported');
  if (offset + size > eocd) corrupt();

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) corrupt();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const time = bytes.readUInt16LE(at + 12);
    const date = bytes.readUInt16LE(at + 14);
    const crc = bytes.readUInt32LE(at + 16);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressed = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const entryCommentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const end = at + 46 + nameLength + extraLength + entryCommentLength;
    if (end > eocd) corrupt();
    if (flags & 1) throw new AnnotateError('docx-unsupported');
    if (compressedSize === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff) throw new AnnotateError('docx-unsupported');
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);

    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL) corrupt();
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    let localEnd = dataStart + compressedSize;
    if (localEnd > bytes.length) corrupt();
    if (flags & 8) {
      // A data descriptor follows the data, with or without its signature.
      localEnd += localEnd + 4 <= bytes.length && bytes.readUInt32LE(localEnd) === DESCRIPTOR ? 16 : 12;
      if (localEnd > bytes.length) corrupt();
    }
    entries.push({
      name,
      method,
      flags,
      compressedSize,
      size: uncompressed,
      crc,
      localOffset,
      localStart: localOffset,
      localEnd,
      dataStart,
      central: bytes.subarray(at, end),
      time,
      date,
    });
    at = end;
  }
  return { bytes, entries, comment: bytes.subarray(eocd + 22, eocd + 22 + commentLength) };
}

/** An entry's content, inflated, with its CRC checked. */
export function entryData(archive: ZipArchive, entry: ZipEntry, maxBytes = 200 * 1024 * 1024): Buffer {
  if (entry.size > maxBytes) throw new AnnotateError('docx-corrupt');
  const raw = archive.bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let data: Buffer;
  try {
    if (entry.method === 0) data = Buffer.from(raw);
    else if (entry.method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
    else throw new AnnotateError('docx-unsupported');
  } catch (error) {
    if (error instanceof AnnotateError) throw error;
    throw new AnnotateError('docx-corrupt');
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw new AnnotateError('docx-corrupt');
  return data;
}

export function findEntry(archive: ZipArchive, name: string): ZipEntry | undefined {
  return archive.entries.find((e) => e.name === name);
}

/**
 * The archive again with some entries' content replaced and new entries added at the end:
 * every other entry's bytes as they were, in their order.
 */
export function writeZip(archive: ZipArchive, replaced: Map<string, Buffer>, added: { name: string; data: Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (chunk: Buffer): void => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  const writeNew = (name: string, data: Buffer, time: number, date: number, centralTemplate: Buffer | null): void => {
    const compressed = deflateRawSync(data, { level: 6 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    // Bit 11: the name is UTF-8.
    const flags = /[^\x20-\x7e]/.test(name) ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const localOffset = offset;
    push(local);
    push(nameBytes);
    push(compressed);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL, 0);
    // Version made by and external attributes as the entry had them (a new one: plain MS-DOS).
    record.writeUInt16LE(centralTemplate ? centralTemplate.readUInt16LE(4) : 20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressed.length, 20);
    record.writeUInt32LE(data.length, 24);
    record.writeUInt16LE(nameBytes.length, 28);
    record.writeUInt32LE(centralTemplate ? centralTemplate.readUInt32LE(38) : 0, 38);
    record.writeUInt32LE(localOffset, 42);
    central.push(Buffer.concat([record, nameBytes]));
  };

  let lastTime = 0;
  let lastDate = 0x21; // 1980-01-01
  for (const entry of archive.entries) {
    lastTime = entry.time;
    lastDate = entry.date;
    const replacement = replaced.get(entry.name);
    if (replacement) {
      writeNew(entry.name, replacement, entry.time, entry.date, entry.central);
      continue;
    }
    const localOffset = offset;
    push(archive.bytes.subarray(entry.localStart, entry.localEnd));
    const record = Buffer.from(entry.central);
    record.writeUInt32LE(localOffset, 42);
    central.push(record);
  }
  for (const { name, data } of added) writeNew(name, data, lastTime, lastDate, null);

  const directoryOffset = offset;
  for (const record of central) push(record);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(EOCD, 0);
  eocd.writeUInt16LE(central.length, 8);
  eocd.writeUInt16LE(central.length, 10);
  eocd.writeUInt32LE(offset - directoryOffset, 12);
  eocd.writeUInt32LE(directoryOffset, 16);
  eocd.writeUInt16LE(archive.comment.length, 20);
  push(eocd);
  push(archive.comment);
  return Buffer.concat(chunks);
}

let table: Int32Array | undefined;

/** CRC-32 (the ZIP polynomial), for Node versions without zlib.crc32. */
export function crc32(data: Uint8Array): number {
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
