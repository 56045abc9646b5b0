// @ts-check
// Reads a .vsix (a zip file) the way VS Code installs one: each entry's
// file mode comes from the upper 16 bits of its external attributes, which
// vsce (yazl) sets from the packed file's mode, so an executable stays
// executable. Used to check what package-platforms.mjs built and, in the
// tests, to unpack it; no unzip program or zip library needed.

import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { inflateRawSync } from "node:zlib";

/**
 * @typedef {object} Entry
 * @property {string} name the path in the zip, with forward slashes
 * @property {number} mode the Unix mode bits (0o777 part), 0 when none were stored
 * @property {() => Buffer} data the uncompressed contents
 */

/**
 * The entries of a zip file, from its central directory.
 * @param {string} path
 * @returns {Entry[]}
 */
export function readVsix(path) {
  const zip = readFileSync(path);
  // The end of central directory record: its signature, searched from the
  // end past a comment of up to 64 KiB.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) {
    throw new Error(`${path}: not a zip file`);
  }
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  /** @type {Entry[]} */
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) {
      throw new Error(`${path}: bad central directory entry ${n}`);
    }
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const attributes = zip.readUInt32LE(at + 38);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLen);
    if (compressed === 0xffffffff || local === 0xffffffff) {
      throw new Error(`${path}: ${name} is a zip64 entry, which a .vsix never needs`);
    }
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({
      name,
      mode: (attributes >>> 16) & 0o777,
      data: () => {
        if (method === 0) return Buffer.from(raw);
        if (method === 8) return inflateRawSync(raw);
        throw new Error(`${path}: ${name} uses compression method ${method}`);
      },
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * Unpacks a zip file into dir, with each file's stored mode, as VS Code
 * does when it installs a .vsix.
 * @param {string} path
 * @param {string} dir
 */
export function extractVsix(path, dir) {
  for (const entry of readVsix(path)) {
    if (entry.name.endsWith("/")) continue;
    const target = join(dir, normalize(entry.name));
    if (!target.startsWith(join(dir, sep))) {
      throw new Error(`${path}: ${entry.name} would be written outside ${dir}`);
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.data());
    if (entry.mode !== 0) chmodSync(target, entry.mode);
  }
}
