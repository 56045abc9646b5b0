// @ts-check
// The extension's own logic, outside VS Code: finding the binary
// (src/binary.ts) and the Test URL command's call of `robotslint test` and
// reading of its JSON (src/verdict.ts), against the real binary.

import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const binary = process.env.ROBOTSLINT ?? "";

/** @type {string} */
let dir;
/** @type {typeof import("../src/verdict.js")} */
let verdict;
/** @type {typeof import("../src/binary.js")} */
let bin;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-vscode-cli-"));
  await esbuild.build({
    entryPoints: ["src/verdict.ts", "src/binary.ts"],
    outdir: join(dir, "src"),
    format: "esm",
    platform: "node",
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  verdict = await import(pathToFileURL(join(dir, "src", "verdict.mjs")).href);
  bin = await import(pathToFileURL(join(dir, "src", "binary.mjs")).href);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const robots = `User-agent: *
Disallow: /private
Allow: /private/ok$

User-agent: Googlebot
Allow: /
`;

/**
 * Runs robotslint as the Test URL command does.
 * @param {string[]} args
 * @param {string} [stdin]
 * @returns {Promise<{code: number, stdout: string}>}
 */
function run(args, stdin) {
  return new Promise((resolve) => {
    const child = execFile(binary, args, (err, stdout) => {
      resolve({ code: err ? Number(err.code) : 0, stdout });
    });
    child.stdin?.end(stdin ?? "");
  });
}

test("Test URL on a saved file: every profile agrees", async () => {
  const file = join(dir, "robots.txt");
  writeFileSync(file, robots);
  const { code, stdout } = await run(verdict.testArgs("Googlebot", file, "/private/x"));
  assert.equal(code, 0);
  const s = verdict.summarize(verdict.parseReport(stdout));
  assert.equal(s.split, false);
  assert.equal(s.outcomes.length, 1);
  assert.deepEqual(s.outcomes[0].profiles, ["google", "rfc9309", "bing", "yandex", "legacy"]);
  assert.equal(verdict.decidingLine(s), 6);
  assert.equal(s.message, "Googlebot /private/x: allowed by every profile (line 6: Allow: /)");
});

test("Test URL on an unsaved buffer: the profiles disagree", async () => {
  const { code, stdout } = await run(verdict.testArgs("Bingbot", "-", "https://example.com/private/ok"), robots);
  assert.equal(code, 1, "a disallowed URL exits 1");
  const s = verdict.summarize(verdict.parseReport(stdout));
  assert.equal(s.split, true);
  assert.deepEqual(
    s.outcomes.map((o) => [o.allowed, o.line, o.profiles.join(",")]),
    [
      [true, 3, "google,rfc9309,bing,yandex"],
      [false, 2, "legacy"],
    ],
  );
  assert.equal(verdict.decidingLine(s), 3);
  assert.match(s.message, /the profiles disagree/);
  assert.match(s.message, /legacy: disallowed \(line 2: Disallow: \/private\)/);
});

test("Test URL when no rule matches, and with a URL that looks like a flag", async () => {
  const { stdout } = await run(verdict.testArgs("SomeBot", "-", "-x"), "User-agent: Googlebot\nDisallow: /\n");
  const s = verdict.summarize(verdict.parseReport(stdout));
  assert.equal(verdict.decidingLine(s), null);
  assert.equal(s.message, "SomeBot -x: allowed by every profile (no rule matches)");
});

test("Test URL reports robotslint's notes on the crawler", () => {
  const s = verdict.summarize({
    results: [{ agent: "X", url: "/", profile: "google", allowed: true, line: null, rule: null, group: [] }],
    notes: [{ agent: "X", quirk: "ignores-robots", text: "ignores robots.txt" }],
  });
  assert.deepEqual(s.notes, ["X: ignores robots.txt"]);
});

test("the binary: robotslint.path, then PATH, then Go's bin directories", async () => {
  if (process.platform === "win32") return;
  const onPath = join(dir, "path");
  const gobin = join(dir, "gobin");
  mkdirSync(onPath);
  mkdirSync(gobin);
  const fake = join(gobin, "robotslint");
  copyFileSync(binary, fake);
  chmodSync(fake, 0o755);
  const base = { env: { PATH: onPath, GOBIN: gobin, GOPATH: "" }, platform: process.platform, home: join(dir, "home") };

  assert.deepEqual(await bin.findBinary({ ...base, configured: fake }), { path: fake, source: "setting" });
  const missing = await bin.findBinary({ ...base, configured: join(dir, "nope") });
  assert.equal(missing.path, undefined);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "gobin/robotslint", workspaceFolder: dir }), { path: fake, source: "setting" });
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: fake, source: "search" }, "found in $GOBIN");

  const first = join(onPath, "robotslint");
  copyFileSync(binary, first);
  chmodSync(first, 0o755);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: first, source: "search" }, "PATH comes first");

  chmodSync(first, 0o644);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: fake, source: "search" }, "a file that cannot run is skipped");
  assert.equal(statSync(first).mode & 0o777, 0o644, "a binary the user installed is never made executable");

  // A home of its own: the machine's ~/go/bin may hold a robotslint.
  const none = await bin.findBinary({ configured: "", env: { PATH: join(dir, "empty"), GOPATH: join(dir, "gp") }, platform: process.platform, home: join(dir, "home") });
  assert.equal(none.path, undefined);
  assert.ok(!("path" in none && none.path) && "searched" in none && none.searched.includes(join(dir, "gp", "bin", "robotslint")));
});

test("the bundled binary: after robotslint.path, before PATH; absent in the universal package", async () => {
  if (process.platform === "win32") return;
  const ext = join(dir, "extension");
  const onPath = join(dir, "bundle-path");
  mkdirSync(onPath);
  const user = join(onPath, "robotslint");
  copyFileSync(binary, user);
  chmodSync(user, 0o755);
  const other = join(dir, "other-robotslint");
  copyFileSync(binary, other);
  chmodSync(other, 0o755);
  const bundled = bin.bundledPath(ext, process.platform);
  assert.equal(bundled, join(ext, "bin", "robotslint"));
  const base = { bundled, env: { PATH: onPath, GOPATH: "" }, platform: process.platform, home: join(dir, "home") };

  // The universal package: no bin/, so PATH as before, and the bundled
  // path is among those searched when nothing is found.
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: user, source: "search" });
  const nothing = await bin.findBinary({ ...base, configured: "", env: { PATH: join(dir, "empty"), GOPATH: "" } });
  assert.ok("searched" in nothing && nothing.searched[0] === bundled, JSON.stringify(nothing));

  // A platform package: its binary wins over PATH, and the setting over it.
  mkdirSync(join(ext, "bin"), { recursive: true });
  copyFileSync(binary, bundled);
  chmodSync(bundled, 0o755);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: bundled, source: "bundled" });
  assert.deepEqual(await bin.findBinary({ ...base, configured: other }), { path: other, source: "setting" });
  const wrong = await bin.findBinary({ ...base, configured: join(dir, "nope") });
  assert.deepEqual(wrong, { searched: [join(dir, "nope")] }, "a wrong setting is reported, not replaced by the bundled binary");

  // Unpacked without its mode (a .vsix packed on Windows, another unzip):
  // made executable before it is spawned, and it runs.
  chmodSync(bundled, 0o644);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: bundled, source: "bundled" });
  assert.equal(statSync(bundled).mode & 0o111, 0o111);
  assert.match(execFileSync(bundled, ["version"], { encoding: "utf8" }), /^robotslint /);

  // A directory in its place is not a binary.
  rmSync(join(ext, "bin"), { recursive: true });
  mkdirSync(bundled, { recursive: true });
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: user, source: "search" });
});

test("without a binary: ready-made downloads first, go install only where none is built", () => {
  const linux = bin.installAdvice("", "linux", "x64");
  assert.equal(linux.download, "https://github.com/robotslint/robotslint/releases/latest");
  assert.equal(linux.command, "npm install -g robotslint");
  assert.match(linux.message, /releases page/);
  assert.doesNotMatch(linux.message, /\bGo\b|go install/, "a webmaster with no Go is not sent to Go");

  const mac = bin.installAdvice("", "darwin", "arm64");
  assert.deepEqual([mac.download, mac.command], [linux.download, linux.command]);

  // npm's robotslint.cmd cannot be spawned without a shell: no npm on Windows.
  const windows = bin.installAdvice("", "win32", "x64");
  assert.equal(windows.download, linux.download);
  assert.equal(windows.command, undefined);
  assert.doesNotMatch(windows.message, /npm|go install/);

  // No release for 32-bit ARM or FreeBSD: Go is then the only way.
  for (const [platform, arch] of /** @type {const} */ ([["linux", "arm"], ["freebsd", "x64"]])) {
    const advice = bin.installAdvice("", platform, arch);
    assert.equal(advice.download, undefined);
    assert.equal(advice.command, "go install github.com/robotslint/robotslint/cmd/robotslint@latest");
    assert.match(advice.message, new RegExp(`${platform}-${arch}`));
  }

  const set = bin.installAdvice("/opt/robotslint", "linux", "x64");
  assert.match(set.message, /robotslint\.path is set to "\/opt\/robotslint", which is not an executable file/);
  assert.equal(set.command, undefined);
});

test("the install page is the README's", () => {
  assert.equal(bin.installURL, "https://github.com/robotslint/robotslint#installing");
  assert.deepEqual(bin.prebuiltTargets, ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64", "win32-arm64"]);
});
