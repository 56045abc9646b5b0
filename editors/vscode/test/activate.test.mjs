// @ts-check
// Loads the production bundle, as vsce packages it, against a stand-in for
// the vscode module (test/standin.mjs), and activates it: the bundle must
// load (every dependency bundled, nothing but vscode left external),
// register the contributed commands, start the binary the package carries,
// and when it finds no robotslint offer the download, the install command
// and the installation page.

import assert from "node:assert/strict";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import * as esbuild from "esbuild";
import { buildOptions } from "../scripts/build.mjs";
import { extensionContext, Host, loadExtension, withEnv } from "./standin.mjs";

/** @type {string} */
let dir;
/** @type {any} */
let extension;
const host = new Host();

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-vscode-bundle-"));
  const outfile = join(dir, "extension.js");
  await esbuild.build(buildOptions(true, outfile));
  extension = loadExtension(outfile, host);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Lets the handler of the button pressed run. */
function settle() {
  return new Promise((resolve) => setImmediate(resolve));
}

test("the bundle loads, activates, registers the contributed commands and offers a ready-made robotslint", async (t) => {
  if (!["linux", "darwin"].includes(process.platform) || !["x64", "arm64"].includes(process.arch)) {
    t.skip(`the offers asserted here are those of linux and darwin on x64 and arm64, not ${process.platform}-${process.arch}`);
    return;
  }
  assert.equal(typeof extension.activate, "function");
  assert.equal(typeof extension.deactivate, "function");
  // The universal package: an extension directory without bin/, and
  // nothing on PATH or in Go's directories.
  const extensionPath = join(dir, "extension");
  mkdirSync(extensionPath);
  const env = { PATH: join(dir, "empty"), GOBIN: undefined, GOPATH: join(dir, "gopath"), HOME: join(dir, "home") };
  await withEnv(env, async () => {
    host.configured = join(dir, "no-such-robotslint");
    host.press = "Download robotslint";
    let shown = host.nextError();
    extension.activate(extensionContext(extensionPath));
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    assert.deepEqual([...host.commands.keys()].sort(), pkg.contributes.commands.map((/** @type {{command: string}} */ c) => c.command).sort());

    // robotslint.path names no file: say so, and offer the download.
    await shown;
    assert.equal(host.errors.length, 1);
    assert.match(host.errors[0].message, /robotslint\.path is set to/);
    assert.deepEqual(host.errors[0].items, ["Download robotslint", "Open installation instructions"]);
    await settle();
    assert.deepEqual(host.opened, ["https://github.com/robotslint/robotslint/releases/latest"]);

    // No setting and no binary: the download, npm, then the page, where
    // go install comes last.
    host.configured = "";
    host.press = "Copy install command";
    shown = host.nextError();
    await host.commands.get("robotslint.restart")?.();
    await shown;
    assert.equal(host.errors.length, 2);
    assert.match(host.errors[1].message, /does not include it/);
    assert.deepEqual(host.errors[1].items, ["Download robotslint", "Copy install command", "Open installation instructions"]);
    await settle();
    assert.deepEqual(host.clipboard, ["npm install -g robotslint"]);

    host.press = "Open installation instructions";
    shown = host.nextError();
    await host.commands.get("robotslint.restart")?.();
    await shown;
    await settle();
    assert.deepEqual(host.opened.slice(1), ["https://github.com/robotslint/robotslint#installing"]);

    // A platform package: bin/robotslint is started, without a word to the user.
    const bundled = join(extensionPath, "bin", "robotslint");
    mkdirSync(join(extensionPath, "bin"));
    copyFileSync(String(process.env.ROBOTSLINT), bundled);
    chmodSync(bundled, 0o755);
    await host.commands.get("robotslint.restart")?.();
    assert.equal(host.errors.length, 3, `no error once the binary is there: ${JSON.stringify(host.errors.slice(3))}`);
    assert.ok(host.info.includes(`using ${bundled} (the binary that comes with the extension)`), host.info.join("\n"));
    // vscode-languageclient itself spawned it and had its answer to initialize.
    assert.ok(host.info.includes(`started ${bundled} lsp`), host.info.join("\n"));
    await extension.deactivate();
  });
});
