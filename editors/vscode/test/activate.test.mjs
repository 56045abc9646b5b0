// @ts-check
// Loads the production bundle, as vsce packages it, against a stand-in for
// the vscode module, and activates it: the bundle must load (every
// dependency bundled, nothing but vscode left external), register the
// contributed commands, and when no robotslint binary is found offer the
// installation page and the install command.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
};
/** The button the user presses on the error message. */
let press = "Copy install command";
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
  const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, appendLine() {}, show() {}, dispose() {} };
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
    },
    { get: (t, p) => (p in t ? t[/** @type {keyof typeof t} */ (p)] : anything(`window.${String(p)}`)) },
  );
  api.workspace = new Proxy(
    {
      getConfiguration: () => ({ get: (/** @type {string} */ key, /** @type {unknown} */ d) => (key === "path" ? join(tmpdir(), "no-such-robotslint") : d), inspect: () => undefined }),
      workspaceFolders: undefined,
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

test("the bundle loads, activates and registers the contributed commands", async () => {
  assert.equal(typeof extension.activate, "function");
  assert.equal(typeof extension.deactivate, "function");
  const shown = new Promise((resolve) => (errorShown = () => resolve(undefined)));
  const context = { subscriptions: [], workspaceState: { get: () => undefined, update: async () => {} } };
  extension.activate(context);
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.deepEqual([...seen.commands.keys()].sort(), pkg.contributes.commands.map((/** @type {{command: string}} */ c) => c.command).sort());

  // robotslint.path names no file: an error, with the two buttons.
  await shown;
  assert.equal(seen.errors.length, 1);
  assert.match(seen.errors[0].message, /robotslint\.path/);
  assert.deepEqual(seen.errors[0].items, ["Open installation instructions", "Copy install command"]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen.clipboard, ["go install github.com/robotslint/robotslint/cmd/robotslint@latest"]);

  // Restart Server looks again, and the other button opens the page.
  press = "Open installation instructions";
  const again = new Promise((resolve) => (errorShown = () => resolve(undefined)));
  await seen.commands.get("robotslint.restart")?.();
  await again;
  assert.equal(seen.errors.length, 2);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen.opened, ["https://github.com/robotslint/robotslint#installing"]);
  await extension.deactivate();
});
