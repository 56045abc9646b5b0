// @ts-check
// Finds the robotslint binary for the scripts and tests: $ROBOTSLINT if set,
// else one built from this repository's source into a temporary directory.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The extension's directory, editors/vscode. */
export const extensionDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Returns the binary to run and a function that removes it when it was
 * built here.
 * @returns {{ path: string, cleanup: () => void }}
 */
export function robotslintBinary() {
  if (process.env.ROBOTSLINT) {
    return { path: process.env.ROBOTSLINT, cleanup: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "robotslint-vscode-"));
  const path = join(dir, process.platform === "win32" ? "robotslint.exe" : "robotslint");
  execFileSync("go", ["build", "-o", path, "../../cmd/robotslint"], { cwd: extensionDir, stdio: "inherit" });
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs robotslint and returns its standard output.
 * @param {string} binary
 * @param {string[]} args
 */
export function run(binary, args) {
  return execFileSync(binary, args, { encoding: "utf8", maxBuffer: 64 << 20 });
}

/**
 * The rules robotslint has, as `robotslint rules --format json` lists them.
 * @param {string} binary
 * @returns {Array<{name: string, summary: string, severity: string, fixable: boolean}>}
 */
export function rules(binary) {
  return JSON.parse(run(binary, ["rules", "--format", "json"]));
}

/**
 * The directives and profiles robotslint's knowledge base knows
 * (scripts/kb.go, run with the Go toolchain from the repository's source).
 * @returns {{directives: string[], profiles: string[]}}
 */
export function knowledgeBase() {
  return JSON.parse(execFileSync("go", ["run", "scripts/kb.go"], { cwd: extensionDir, encoding: "utf8" }));
}
