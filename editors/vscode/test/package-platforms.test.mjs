// @ts-check
// scripts/package-platforms.mjs on bad input and when interrupted: a clear
// one-line error and a non-zero exit, and never a binary left in bin/ of
// the source tree, where the next universal package or a commit could
// pick it up.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { targets } from "../scripts/package-platforms.mjs";

const extensionDir = fileURLToPath(new URL("..", import.meta.url));
const script = join(extensionDir, "scripts", "package-platforms.mjs");
const binDir = join(extensionDir, "bin");

/** @type {string} */
let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-package-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test("usage: one release directory", () => {
  const r = spawnSync(process.execPath, [script], { encoding: "utf8" });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^usage: node scripts\/package-platforms\.mjs DIR/);
});

test("a release directory without every binary: which are missing, and how to make them", () => {
  const release = join(dir, "partial");
  mkdirSync(join(release, "bin", "linux_amd64"), { recursive: true });
  copyFileSync(String(process.env.ROBOTSLINT), join(release, "bin", "linux_amd64", "robotslint"));
  const r = spawnSync(process.execPath, [script, release], { encoding: "utf8" });
  assert.equal(r.status, 1);
  assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  assert.match(r.stderr, /^package-platforms: no robotslint binary at .*linux_arm64\/robotslint, .*windows_arm64\/robotslint\.exe; make the release directory with go run \.\/cmd\/release -out /);
  assert.doesNotMatch(r.stderr, /linux_amd64/);
  assert.ok(!existsSync(join(release, "vscode")), "nothing packed");
});

test("interrupted while vsce packs: bin/ is removed", { skip: process.platform === "win32" && "signals are POSIX" }, async () => {
  assert.ok(!existsSync(binDir), `${binDir} exists before the test; remove it`);
  // Every build directory holds the real binary of this test run: what is
  // checked here is what happens to it, not which one it is.
  const release = join(dir, "full");
  for (const build of new Set(Object.values(targets))) {
    const name = build.startsWith("windows_") ? "robotslint.exe" : "robotslint";
    mkdirSync(join(release, "bin", build), { recursive: true });
    copyFileSync(String(process.env.ROBOTSLINT), join(release, "bin", build, name));
  }
  const child = spawn(process.execPath, [script, release], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!existsSync(join(binDir, "robotslint"))) {
    assert.ok(Date.now() < deadline, `bin/robotslint never appeared; stderr: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill("SIGTERM");
  assert.equal(await exited, 143, stderr);
  assert.match(stderr, /package-platforms: interrupted by SIGTERM; removed /);
  assert.ok(!existsSync(binDir), "bin/ left behind");
});
