import zlib from "node:zlib";

// A minimal ZIP writer for tests and the bench (files stored, not deflated: photos do not shrink),
// so a stock feed's photo ZIP can be made without a dependency. Optional lies in the headers
// (a declared size smaller than the data) make a ZIP bomb's shape for the guards' tests.

export interface ZipFileEntry {
  name: string;
  bytes: Buffer;
  /** Declare this uncompressed size instead of the real one (tests of the size checks). */
  declaredSize?: number;
}

/** The ZIP's bytes as a list of parts, to write one after another (a ZIP over 2 GB is no one Buffer). */
export function zipParts(files: readonly ZipFileEntry[]): Buffer[] {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, "utf8");
    const crc = zlib.crc32(file.bytes);
    const size = file.declaredSize ?? file.bytes.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, file.bytes);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + file.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return [...locals, directory, end];
}

export function makeZip(files: readonly ZipFileEntry[]): Buffer {
  return Buffer.concat(zipParts(files));
}
