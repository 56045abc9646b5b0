// @ts-check
// The extension's own logic, outside VS Code: finding the binary
// (src/binary.ts) and the Test URL command's call of `robotslint test` and
// reading of its JSON (src/verdict.ts), against the real binary.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

  assert.deepEqual(await bin.findBinary({ ...base, configured: fake }), { path: fake });
  const missing = await bin.findBinary({ ...base, configured: join(dir, "nope") });
  assert.equal(missing.path, undefined);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "gobin/robotslint", workspaceFolder: dir }), { path: fake });
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: fake }, "found in $GOBIN");

  const first = join(onPath, "robotslint");
  copyFileSync(binary, first);
  chmodSync(first, 0o755);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: first }, "PATH comes first");

  chmodSync(first, 0o644);
  assert.deepEqual(await bin.findBinary({ ...base, configured: "" }), { path: fake }, "a file that cannot run is skipped");

  // A home of its own: the machine's ~/go/bin may hold a robotslint.
  const none = await bin.findBinary({ configured: "", env: { PATH: join(dir, "empty"), GOPATH: join(dir, "gp") }, platform: process.platform, home: join(dir, "home") });
  assert.equal(none.path, undefined);
  assert.ok(!("path" in none && none.path) && "searched" in none && none.searched.includes(join(dir, "gp", "bin", "robotslint")));
});

test("the install command and page are the README's", () => {
  assert.equal(bin.installCommand, "go install github.com/robotslint/robotslint/cmd/robotslint@latest");
  assert.equal(bin.installURL, "https://github.com/robotslint/robotslint#installing");
});
