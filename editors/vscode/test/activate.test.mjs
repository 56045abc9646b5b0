// @ts-check
// Loads the production bundle, as vsce packages it, against a stand-in for
// the vscode module, and activates it: the bundle must load (every
// dependency bundled, nothing but vscode left external), register the
// contributed commands, run the binary the package carries, and when it
// finds no robotslint offer the download, the install command and the
// installation page.

import assert from "node:assert/strict";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import * as esbuild from "esbuild";
import { buildOptions } from "../scripts/build.mjs";

const require = createRequire(import.meta.url);

/**
 * A value that is anything: callable, constructible, extendable, with any
 * property; not a promise.
 * @param {string} name
 * @returns {any}
 */
function anything(name) {
  const f = function () {};
  return new Proxy(f, {
    get: (t, p) => (p === "prototype" ? t.prototype : p === "then" || typeof p === "symbol" ? undefined : anything(`${name}.${p}`)),
    apply: () => anything(`${name}()`),
    construct: () => anything(`new ${name}`),
  });
}

/** What the extension did to the stand-in. */
const seen = {
  /** @type {Map<string, () => unknown>} */ commands: new Map(),
  /** @type {Array<{message: string, items: string[]}>} */ errors: [],
  /** @type {string[]} */ clipboard: [],
  /** @type {string[]} */ opened: [],
  /** @type {string[]} */ info: [],
};
/** The button the user presses on the error message. */
let press = "Download robotslint";
/** The robotslint.path setting. */
let configured = join(tmpdir(), "no-such-robotslint");
/** @type {() => void} */
let errorShown = () => {};

/** The vscode module: every name the API declares, a few of them real. */
function vscodeModule() {
  const dts = readFileSync(require.resolve("@types/vscode/index.d.ts"), "utf8");
  /** @type {Record<string, any>} */
  const api = {};
  for (const m of dts.matchAll(/^\texport (?:class|namespace|enum|const|function|let) (\w+)/gm)) {
    api[m[1]] = anything(m[1]);
  }
  const disposable = { dispose() {} };
  const log = { logLevel: 0, onDidChangeLogLevel: () => disposable, info: (/** @type {string} */ m) => seen.info.push(m), warn() {}, error() {}, debug() {}, trace() {}, appendLine() {}, show() {}, dispose() {} };
  api.window = new Proxy(
    {
      createOutputChannel: () => log,
      /** @param {string} message @param {string[]} items */
      showErrorMessage: async (message, ...items) => {
        seen.errors.push({ message, items });
        errorShown();
        return press;
      },
      showInformationMessage: async () => undefined,
      activeTextEditor: undefined,
      visibleTextEditors: [],
      tabGroups: { all: [], onDidChangeTabs: () => disposable, onDidChangeTabGroups: () => disposable },
    },
    { get: (t, p) => (p in t ? t[/** @type {keyof typeof t} */ (p)] : anything(`window.${String(p)}`)) },
  );
  api.workspace = new Proxy(
    {
      getConfiguration: () => ({ get: (/** @type {string} */ key, /** @type {unknown} */ d) => (key === "path" ? configured : d), inspect: () => undefined }),
      workspaceFolders: undefined,
      textDocuments: [],
      notebookDocuments: [],
      onDidChangeConfiguration: () => disposable,
    },
    { get: (t, p) => (p in t ? t[/** @type {keyof typeof t} */ (p)] : anything(`workspace.${String(p)}`)) },
  );
  api.commands = {
    registerCommand: (/** @type {string} */ id, /** @type {() => unknown} */ run) => {
      seen.commands.set(id, run);
      return disposable;
    },
  };
  api.env = {
    openExternal: async (/** @type {unknown} */ uri) => seen.opened.push(String(uri)),
    clipboard: { writeText: async (/** @type {string} */ text) => seen.clipboard.push(text) },
  };
  api.Uri = { parse: (/** @type {string} */ s) => ({ toString: () => s }) };
  // vscode-languageclient checks it before it starts a server.
  api.version = "1.91.0";
  return api;
}

/** @type {string} */
let dir;
/** @type {any} */
let extension;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-vscode-bundle-"));
  const outfile = join(dir, "extension.js");
  await esbuild.build(buildOptions(true, outfile));
  const vscode = vscodeModule();
  const load = /** @type {any} */ (Module)._load;
  /** @type {any} */ (Module)._load = function (/** @type {string} */ request, /** @type {any[]} */ ...rest) {
    return request === "vscode" ? vscode : load.call(this, request, ...rest);
  };
  try {
    extension = require(outfile);
  } finally {
    /** @type {any} */ (Module)._load = load;
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Waits for the next error message.
 * @returns {Promise<void>}
 */
function nextError() {
  return new Promise((resolve) => (errorShown = () => resolve()));
}

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
  const saved = { PATH: process.env.PATH, GOBIN: process.env.GOBIN, GOPATH: process.env.GOPATH, HOME: process.env.HOME };
  Object.assign(process.env, { PATH: join(dir, "empty"), GOPATH: join(dir, "gopath"), HOME: join(dir, "home") });
  delete process.env.GOBIN;
  try {
    let shown = nextError();
    const context = { extensionPath, subscriptions: [], workspaceState: { get: () => undefined, update: async () => {} } };
    extension.activate(context);
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    assert.deepEqual([...seen.commands.keys()].sort(), pkg.contributes.commands.map((/** @type {{command: string}} */ c) => c.command).sort());

    // robotslint.path names no file: say so, and offer the download.
    await shown;
    assert.equal(seen.errors.length, 1);
    assert.match(seen.errors[0].message, /robotslint\.path is set to/);
    assert.deepEqual(seen.errors[0].items, ["Download robotslint", "Open installation instructions"]);
    await settle();
    assert.deepEqual(seen.opened, ["https://github.com/robotslint/robotslint/releases/latest"]);

    // No setting and no binary: the download, npm, then the page, where
    // go install comes last.
    configured = "";
    press = "Copy install command";
    shown = nextError();
    await seen.commands.get("robotslint.restart")?.();
    await shown;
    assert.equal(seen.errors.length, 2);
    assert.match(seen.errors[1].message, /does not include it/);
    assert.deepEqual(seen.errors[1].items, ["Download robotslint", "Copy install command", "Open installation instructions"]);
    await settle();
    assert.deepEqual(seen.clipboard, ["npm install -g robotslint"]);

    press = "Open installation instructions";
    shown = nextError();
    await seen.commands.get("robotslint.restart")?.();
    await shown;
    await settle();
    assert.deepEqual(seen.opened.slice(1), ["https://github.com/robotslint/robotslint#installing"]);

    // A platform package: bin/robotslint is started, without a word to the user.
    const bundled = join(extensionPath, "bin", "robotslint");
    mkdirSync(join(extensionPath, "bin"));
    copyFileSync(String(process.env.ROBOTSLINT), bundled);
    chmodSync(bundled, 0o755);
    await seen.commands.get("robotslint.restart")?.();
    assert.equal(seen.errors.length, 3, `no error once the binary is there: ${JSON.stringify(seen.errors.slice(3))}`);
    assert.ok(seen.info.includes(`using ${bundled} (the binary that comes with the extension)`), seen.info.join("\n"));
    // vscode-languageclient itself spawned it and had its answer to initialize.
    assert.ok(seen.info.includes(`started ${bundled} lsp`), seen.info.join("\n"));
    await extension.deactivate();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});
