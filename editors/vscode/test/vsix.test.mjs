// @ts-check
// The platform packages of a release, as a user gets them: the .vsix for
// this machine (linux-x64 in CI) unpacked the way VS Code unpacks it, its
// robotslint run, the packaged extension activated with nothing on PATH so
// that it must start the binary it carries, and the language-server test
// (lsp.test.mjs) run against that binary with a PATH that holds only node.
// Needs $ROBOTSLINT_RELEASE, a release directory whose vscode/ was made by
// `node scripts/package-platforms.mjs DIR`; skips without it.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { binaryName, targets, vsixName } from "../scripts/package-platforms.mjs";
import { extractVsix, readVsix } from "../scripts/vsix.mjs";
import { extensionContext, Host, loadExtension, withEnv } from "./standin.mjs";

const release = process.env.ROBOTSLINT_RELEASE ?? "";
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const target = `${process.platform}-${process.arch}`;

/** Why the tests cannot run here, if they cannot. */
function unavailable() {
  if (release === "") {
    return "set ROBOTSLINT_RELEASE to a release directory (go run ./cmd/release -out DIR, then node scripts/package-platforms.mjs DIR) to test the platform packages";
  }
  if (!(target in targets) || process.platform === "win32") {
    return `no platform package runs on ${target} with this test (it runs the linux and darwin ones)`;
  }
  if (!existsSync(join(release, "vscode", vsixName(pkg.version, target)))) {
    return `${join(release, "vscode", vsixName(pkg.version, target))} is missing: run node scripts/package-platforms.mjs ${release}`;
  }
  return undefined;
}
const skip = unavailable();

/** @type {string} */
let dir;
/** The unpacked extension. */
let extensionPath = "";
/** Its robotslint. */
let bundled = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-vsix-"));
  if (skip) return;
  extractVsix(join(release, "vscode", vsixName(pkg.version, target)), join(dir, "unpacked"));
  extensionPath = join(dir, "unpacked", "extension");
  bundled = join(extensionPath, "bin", binaryName(target));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The version the release stamped, from its checksums file's name.
 * @returns {string | undefined}
 */
function releaseVersion() {
  for (const name of readdirSync(release)) {
    const m = /^robotslint_(.+)_checksums\.txt$/.exec(name);
    if (m) return m[1];
  }
  return undefined;
}

test("each platform package carries its own binary, executable; the universal one none", { skip }, () => {
  for (const [t, build] of Object.entries(targets)) {
    const entries = readVsix(join(release, "vscode", vsixName(pkg.version, t)));
    const bins = entries.filter((e) => e.name.startsWith("extension/bin/"));
    assert.deepEqual(
      bins.map((e) => [e.name, e.mode.toString(8)]),
      [[`extension/bin/${binaryName(t)}`, "755"]],
      t,
    );
    assert.ok(bins[0].data().equals(readFileSync(join(release, "bin", build, binaryName(t)))), `${t} carries the ${build} build`);
    const manifest = entries.find((e) => e.name === "extension.vsixmanifest")?.data().toString("utf8") ?? "";
    assert.match(manifest, new RegExp(`TargetPlatform="${t}"`));
  }
  const universal = readVsix(join(release, "vscode", vsixName(pkg.version)));
  assert.deepEqual(
    universal.filter((e) => e.name.startsWith("extension/bin/")).map((e) => e.name),
    [],
  );
  const names = universal.map((e) => e.name).sort();
  assert.ok(names.includes("extension/out/extension.js") && names.includes("extension/package.json"), names.join(", "));
});

test("the unpacked binary runs: its version, and a bad file exits 1 with the finding", { skip }, () => {
  assert.equal(statSync(bundled).mode & 0o777, 0o755, "VS Code keeps the mode vsce stored");
  const version = spawnSync(bundled, ["--version"], { encoding: "utf8" });
  assert.equal(version.status, 0, version.stderr);
  const want = releaseVersion();
  assert.match(version.stdout, want ? new RegExp(`^robotslint v${want.replace(/\./g, "\\.")} `) : /^robotslint v\d/);

  const bad = join(dir, "robots.txt");
  writeFileSync(bad, "User-agent: *\nDisalow: /private\nSitemap: https://example.com/sitemap.xml\n");
  const lint = spawnSync(bundled, [bad], { encoding: "utf8" });
  assert.equal(lint.status, 1, lint.stderr);
  assert.match(lint.stdout, /robots\.txt:2:1: error: .*\[misspelled-directive\]/);
});

/** A directory holding only node, for a PATH without robotslint. */
function nodeOnlyPath() {
  const path = join(dir, "node-only");
  mkdirSync(path, { recursive: true });
  if (!existsSync(join(path, "node"))) symlinkSync(process.execPath, join(path, "node"));
  return path;
}

test("the packaged extension starts the binary it carries, with nothing on PATH", { skip }, async () => {
  const host = new Host();
  const extension = loadExtension(join(extensionPath, "out", "extension.js"), host);
  const env = { PATH: nodeOnlyPath(), GOBIN: undefined, GOPATH: join(dir, "gopath"), HOME: join(dir, "home") };
  await withEnv(env, async () => {
    extension.activate(extensionContext(extensionPath));
    await host.commands.get("robotslint.restart")?.();
    assert.deepEqual(host.errors, []);
    assert.ok(host.info.includes(`using ${bundled} (the binary that comes with the extension)`), host.info.join("\n"));
    assert.ok(host.info.includes(`started ${bundled} lsp`), host.info.join("\n"));
    await extension.deactivate();
  });
});

test("the language-server test passes against the bundled binary, with only node on PATH", { skip }, () => {
  const r = spawnSync(process.execPath, ["--test", "test/lsp.test.mjs"], {
    cwd: new URL("..", import.meta.url),
    encoding: "utf8",
    env: { PATH: nodeOnlyPath(), HOME: join(dir, "home"), ROBOTSLINT: bundled },
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^# pass [1-9]/m);
  assert.match(r.stdout, /^# fail 0$/m);
});
