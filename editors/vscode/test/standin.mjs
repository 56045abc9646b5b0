// @ts-check
// A stand-in for the vscode module, enough for the extension to activate
// and for vscode-languageclient to start a real server, and a loader that
// hands it to a bundle: used by activate.test.mjs on a fresh bundle and by
// vsix.test.mjs on the one a .vsix carries.

import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";

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

/**
 * What the extension did to the stand-in, and what the user does: the
 * button pressed on an error message and the robotslint.path setting.
 */
export class Host {
  /** @type {Map<string, () => unknown>} */ commands = new Map();
  /** @type {Array<{message: string, items: string[]}>} */ errors = [];
  /** @type {string[]} */ clipboard = [];
  /** @type {string[]} */ opened = [];
  /** @type {string[]} */ info = [];
  /** @type {string | undefined} */ press = undefined;
  configured = "";
  /** @type {() => void} */
  errorShown = () => {};

  /**
   * Waits for the next error message.
   * @returns {Promise<void>}
   */
  nextError() {
    return new Promise((resolve) => (this.errorShown = () => resolve()));
  }
}

/**
 * The vscode module: every name the API declares, a few of them real.
 * @param {Host} host
 */
function vscodeModule(host) {
  const dts = readFileSync(require.resolve("@types/vscode/index.d.ts"), "utf8");
  /** @type {Record<string, any>} */
  const api = {};
  for (const m of dts.matchAll(/^\texport (?:class|namespace|enum|const|function|let) (\w+)/gm)) {
    api[m[1]] = anything(m[1]);
  }
  const disposable = { dispose() {} };
  const log = {
    logLevel: 0,
    onDidChangeLogLevel: () => disposable,
    info: (/** @type {string} */ m) => host.info.push(m),
    warn() {},
    error() {},
    debug() {},
    trace() {},
    appendLine() {},
    show() {},
    dispose() {},
  };
  api.window = new Proxy(
    {
      createOutputChannel: () => log,
      /** @param {string} message @param {string[]} items */
      showErrorMessage: async (message, ...items) => {
        host.errors.push({ message, items });
        host.errorShown();
        return host.press;
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
      getConfiguration: () => ({ get: (/** @type {string} */ key, /** @type {unknown} */ d) => (key === "path" ? host.configured : d), inspect: () => undefined }),
      workspaceFolders: undefined,
      textDocuments: [],
      notebookDocuments: [],
      onDidChangeConfiguration: () => disposable,
    },
    { get: (t, p) => (p in t ? t[/** @type {keyof typeof t} */ (p)] : anything(`workspace.${String(p)}`)) },
  );
  api.commands = {
    registerCommand: (/** @type {string} */ id, /** @type {() => unknown} */ run) => {
      host.commands.set(id, run);
      return disposable;
    },
  };
  api.env = {
    openExternal: async (/** @type {unknown} */ uri) => host.opened.push(String(uri)),
    clipboard: { writeText: async (/** @type {string} */ text) => host.clipboard.push(text) },
  };
  api.Uri = { parse: (/** @type {string} */ s) => ({ toString: () => s }) };
  // vscode-languageclient checks it before it starts a server.
  api.version = "1.91.0";
  return api;
}

/**
 * Loads a bundle (out/extension.js) with the stand-in as its vscode module.
 * @param {string} bundle
 * @param {Host} host
 * @returns {any} the extension's exports
 */
export function loadExtension(bundle, host) {
  const vscode = vscodeModule(host);
  const load = /** @type {any} */ (Module)._load;
  /** @type {any} */ (Module)._load = function (/** @type {string} */ request, /** @type {any[]} */ ...rest) {
    return request === "vscode" ? vscode : load.call(this, request, ...rest);
  };
  try {
    return require(bundle);
  } finally {
    /** @type {any} */ (Module)._load = load;
  }
}

/**
 * The extension context VS Code passes to activate.
 * @param {string} extensionPath
 */
export function extensionContext(extensionPath) {
  return { extensionPath, subscriptions: [], workspaceState: { get: () => undefined, update: async () => {} } };
}

/**
 * Runs f with only the given variables changed in process.env (undefined
 * removes one), and restores them afterwards.
 * @template T
 * @param {Record<string, string | undefined>} vars
 * @param {() => Promise<T>} f
 * @returns {Promise<T>}
 */
export async function withEnv(vars, f) {
  /** @type {Record<string, string | undefined>} */
  const saved = {};
  for (const [key, value] of Object.entries(vars)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    return await f();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
