// @ts-check
// End to end: `robotslint lsp` driven over stdio by vscode-jsonrpc and
// vscode-languageserver-protocol, the libraries vscode-languageclient runs
// on, standing in for VS Code (which cannot be downloaded here). The client
// initializes as VS Code does, answers workspace/configuration as the
// extension does, and walks a quick fix from the diagnostic to a clean
// file.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import {
  CodeActionKind,
  CodeActionRequest,
  CodeActionTriggerKind,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  MarkupKind,
  PublishDiagnosticsNotification,
  DocumentDiagnosticRequest,
  RegistrationRequest,
  SemanticTokensRequest,
  ShutdownRequest,
  TextDocumentSyncKind,
} from "vscode-languageserver-protocol/node";

/** @typedef {import("vscode-languageserver-protocol").Diagnostic} Diagnostic */
/** @typedef {import("vscode-languageserver-protocol").PublishDiagnosticsParams} PublishDiagnosticsParams */
/** @typedef {import("vscode-languageserver-protocol").TextEdit} TextEdit */
/** @typedef {import("vscode-languageserver-protocol").CodeAction} CodeAction */
/** @typedef {import("vscode-languageserver-protocol").InitializeParams} InitializeParams */

const binary = process.env.ROBOTSLINT;
const timeout = 10_000;

/** @type {string} */
let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "robotslint-vscode-e2e-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The InitializeParams of VS Code 1.91 with vscode-languageclient 10, cut to
 * what matters to this server and kept otherwise as VS Code sends them.
 * @param {string} root
 * @param {object} initializationOptions
 * @returns {InitializeParams}
 */
function vscodeInitializeParams(root, initializationOptions) {
  const rootUri = pathToFileURL(root).href;
  return {
    processId: process.pid,
    clientInfo: { name: "Visual Studio Code", version: "1.91.0" },
    locale: "en",
    rootPath: root,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: "site" }],
    initializationOptions,
    trace: "off",
    capabilities: {
      general: {
        positionEncodings: ["utf-16"],
        markdown: { parser: "marked", version: "1.1.0" },
        regularExpressions: { engine: "ECMAScript", version: "ES2020" },
        staleRequestSupport: { cancel: true, retryOnContentModified: ["textDocument/semanticTokens/full"] },
      },
      workspace: {
        applyEdit: true,
        workspaceEdit: {
          documentChanges: true,
          resourceOperations: ["create", "rename", "delete"],
          failureHandling: "textOnlyTransactional",
          normalizesLineEndings: true,
          changeAnnotationSupport: { groupsOnLabel: true },
        },
        configuration: true,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
        workspaceFolders: true,
        diagnostics: { refreshSupport: true },
        semanticTokens: { refreshSupport: true },
      },
      textDocument: {
        synchronization: { dynamicRegistration: true, willSave: true, willSaveWaitUntil: true, didSave: true },
        publishDiagnostics: {
          relatedInformation: true,
          versionSupport: false,
          tagSupport: { valueSet: [1, 2] },
          codeDescriptionSupport: true,
          dataSupport: true,
        },
        diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
        hover: { dynamicRegistration: true, contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
        codeAction: {
          dynamicRegistration: true,
          isPreferredSupport: true,
          disabledSupport: true,
          dataSupport: true,
          resolveSupport: { properties: ["edit"] },
          codeActionLiteralSupport: {
            codeActionKind: {
              valueSet: [
                CodeActionKind.Empty,
                CodeActionKind.QuickFix,
                CodeActionKind.Refactor,
                CodeActionKind.RefactorExtract,
                CodeActionKind.RefactorInline,
                CodeActionKind.RefactorRewrite,
                CodeActionKind.Source,
                CodeActionKind.SourceOrganizeImports,
              ],
            },
          },
          honorsChangeAnnotations: true,
        },
        completion: {
          dynamicRegistration: true,
          contextSupport: true,
          completionItem: {
            snippetSupport: true,
            commitCharactersSupport: true,
            documentationFormat: [MarkupKind.Markdown, MarkupKind.PlainText],
            deprecatedSupport: true,
            preselectSupport: true,
            insertReplaceSupport: true,
            labelDetailsSupport: true,
          },
        },
        formatting: { dynamicRegistration: true },
        documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true },
        foldingRange: { dynamicRegistration: true, rangeLimit: 5000, lineFoldingOnly: true },
        documentLink: { dynamicRegistration: true, tooltipSupport: true },
      },
      window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
    },
  };
}

/**
 * Starts `robotslint lsp --stdio` (vscode-languageclient appends --stdio)
 * and connects to it.
 * @param {(section: string | undefined) => unknown} settings what workspace/configuration answers
 * @param {Promise<void>} [hold] answers to workspace/configuration wait for it
 */
function startServer(settings, hold = Promise.resolve()) {
  assert.ok(binary, "run through test/run.mjs, which sets ROBOTSLINT");
  const child = spawn(binary, ["lsp", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));

  /** @type {Array<string | undefined>} */
  const configurationAsked = [];
  connection.onRequest(ConfigurationRequest.type, async (params) => {
    for (const item of params.items) configurationAsked.push(item.section);
    await hold;
    return params.items.map((item) => settings(item.section));
  });
  /** @type {import("vscode-languageserver-protocol").Registration[]} */
  const registered = [];
  connection.onRequest(RegistrationRequest.type, (params) => {
    registered.push(...params.registrations);
    return undefined;
  });
  // The other requests a server may send VS Code, answered as it does.
  for (const method of ["workspace/diagnostic/refresh", "workspace/semanticTokens/refresh", "window/workDoneProgress/create"]) {
    connection.onRequest(method, () => null);
  }

  // VS Code pulls diagnostics (textDocument/diagnostic), as the
  // initialize parameters say, and the server pushes none to it; it pulls
  // again after an edit and when the server asks it to refresh.
  /** @type {PublishDiagnosticsParams[]} */
  const pushed = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    pushed.push(params);
  });
  connection.listen();

  /**
   * Pulls the diagnostics of uri until they satisfy pred.
   * @param {string} what
   * @param {string} uri
   * @param {(diagnostics: Diagnostic[]) => boolean} pred
   * @returns {Promise<Diagnostic[]>}
   */
  async function diagnostics(what, uri, pred) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const report = await connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
      assert.equal(report.kind, "full", JSON.stringify(report));
      const last = /** @type {{items: Diagnostic[]}} */ (report).items;
      if (pred(last)) {
        assert.deepEqual(pushed, [], "diagnostics pushed to a client that pulls them");
        return last;
      }
      if (Date.now() > deadline) {
        assert.fail(`no diagnostics ${what}; pulled: ${JSON.stringify(last)}\nstderr: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return { child, connection, exited, configurationAsked, registered, diagnostics, stderr: () => stderr };
}

/**
 * Waits for p, or says "timeout".
 * @template T
 * @param {Promise<T>} p
 * @returns {Promise<T | "timeout">}
 */
async function withTimeout(p) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    return await Promise.race([p, new Promise((resolve) => (timer = setTimeout(() => resolve("timeout"), timeout)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Applies LSP text edits, positioned in UTF-16 code units, to text.
 * @param {string} text
 * @param {TextEdit[]} edits
 */
function applyEdits(text, edits) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  /** @param {{line: number, character: number}} p */
  const offset = (p) => starts[p.line] + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const e of sorted) {
    text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  }
  return text;
}

/**
 * The edits an action makes to uri, in either form a server may send.
 * @param {CodeAction} action
 * @param {string} uri
 * @returns {TextEdit[]}
 */
function editsFor(action, uri) {
  assert.ok(action.edit, `"${action.title}" has no edit`);
  const { changes, documentChanges } = action.edit;
  if (documentChanges) {
    const edits = documentChanges.flatMap((c) => ("textDocument" in c && c.textDocument.uri === uri ? c.edits : []));
    assert.ok(edits.every((e) => "newText" in e), "a snippet edit");
    return /** @type {TextEdit[]} */ (edits);
  }
  return changes?.[uri] ?? [];
}

const profiles = ["google", "bing", "yandex", "rfc9309"];

test("a misspelled Disallow: diagnostic, hover, quick fix, clean, shutdown", async () => {
  const path = join(dir, "robots.txt");
  // The Sitemap line keeps missing-sitemap's hint out of what is counted.
  let text = "User-agent: *\nDisalow: /private\nSitemap: https://example.com/sitemap.xml\n";
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  const server = startServer((section) => (section === "robotslint" ? { profiles, rules: {} } : null));
  const { connection } = server;
  try {
    const init = await connection.sendRequest(InitializeRequest.type, vscodeInitializeParams(dir, { rules: {} }));
    assert.equal(init.serverInfo?.name, "robotslint");
    assert.equal(init.capabilities.positionEncoding ?? "utf-16", "utf-16");
    assert.ok(init.capabilities.hoverProvider);
    assert.ok(init.capabilities.codeActionProvider);
    const sync = init.capabilities.textDocumentSync;
    assert.ok(typeof sync === "object" && sync.change === TextDocumentSyncKind.Incremental, JSON.stringify(sync));
    await connection.sendNotification(InitializedNotification.type, {});

    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "robots-txt", version: 1, text },
    });
    const first = await server.diagnostics("for version 1", uri, (d) => d.length > 0);
    assert.equal(first.length, 1, JSON.stringify(first));
    /** @type {Diagnostic} */
    const diag = first[0];
    assert.equal(diag.code, "misspelled-directive");
    assert.equal(diag.source, "robotslint");
    assert.deepEqual(diag.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 7 } });
    assert.equal(diag.severity, 1);
    assert.match(diag.codeDescription?.href ?? "", /misspelled-directive/);
    assert.ok(server.configurationAsked.includes("robotslint"), "the server did not ask for its settings");

    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 3 } });
    assert.ok(hover, "no hover on Disalow");
    const contents = /** @type {{kind: string, value: string}} */ (hover.contents);
    assert.equal(contents.kind, MarkupKind.Markdown);
    assert.match(contents.value, /Disallow/);

    const actions = await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diag.range,
      context: { diagnostics: [diag], triggerKind: CodeActionTriggerKind.Invoked },
    });
    assert.ok(actions && actions.length > 0, "no code actions");
    const fix = /** @type {CodeAction | undefined} */ (actions.find((a) => "kind" in a && a.kind === CodeActionKind.QuickFix && a.isPreferred));
    assert.ok(fix, `no preferred quick fix among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.equal(fix.diagnostics?.[0]?.code, "misspelled-directive");
    const edits = editsFor(fix, uri);
    assert.ok(edits.length > 0, `"${fix.title}" edits nothing`);
    text = applyEdits(text, edits);
    assert.equal(text, "User-agent: *\nDisallow: /private\nSitemap: https://example.com/sitemap.xml\n");

    // VS Code sends the edits it applied as incremental changes, last first.
    const changes = [...edits]
      .sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)
      .map((e) => ({ range: e.range, text: e.newText }));
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: changes });
    const clean = await server.diagnostics("for version 2", uri, () => true);
    assert.deepEqual(clean, []);

    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    assert.equal(await withTimeout(server.exited), 0, `exit status; stderr: ${server.stderr()}`);
  } finally {
    connection.dispose();
    server.child.kill();
  }
});

test("settings as the extension sends them: rules and an unsaved buffer", async () => {
  const uri = "untitled:Untitled-1";
  const text = "User-agent: *\nDisalow: /private\nSitemap: https://example.com/sitemap.xml\n";
  /** @type {Record<string, string>} */
  let rules = { "misspelled-directive": "off" };
  // The server asks for its settings after initialized; the answer is held
  // until the settings have changed, so it arrives after a newer
  // didChangeConfiguration, and the server must not go back to it.
  /** @type {() => void} */
  let release = () => {};
  /** @type {Promise<void>} */
  const hold = new Promise((resolve) => (release = resolve));
  const server = startServer((section) => (section === "robotslint" ? { rules } : null), hold);
  const { connection } = server;
  try {
    // The extension passes its settings along as initializationOptions too.
    await connection.sendRequest(InitializeRequest.type, vscodeInitializeParams(dir, { rules }));
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "robots-txt", version: 1, text },
    });
    const off = await server.diagnostics("for the untitled buffer", uri, () => true);
    assert.deepEqual(off, [], "misspelled-directive is off");

    // A change of settings: the extension's middleware sends them along.
    rules = { "misspelled-directive": "hint" };
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotslint: { rules } } });
    release();
    const hint = await server.diagnostics("with the rule as a hint", uri, (d) => d.length > 0);
    assert.equal(hint[0].code, "misspelled-directive");
    assert.equal(hint[0].severity, 4);

    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    assert.equal(await withTimeout(server.exited), 0, `exit status; stderr: ${server.stderr()}`);
  } finally {
    connection.dispose();
    server.child.kill();
  }
});

test("HTML pages, as the extension sends them with robotslint.html on: a misspelled robots value and a page without any", async () => {
  const site = join(dir, "site");
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, "robots.txt"), "User-agent: *\nDisallow: /private/\n");
  const page = pathToFileURL(join(site, "offer.html")).href;
  let text = '<!doctype html>\n<html><head>\n<meta name="robots" content="noidex">\n</head><body></body></html>\n';
  const plain = pathToFileURL(join(site, "index.html")).href;
  const plainText = "<!doctype html>\n<html><head><title>Disallow: /</title></head><body><p>noindex</p></body></html>\n";
  const server = startServer((section) => (section === "robotslint" ? { rules: {} } : null));
  const { connection } = server;
  try {
    const init = await connection.sendRequest(InitializeRequest.type, vscodeInitializeParams(dir, { rules: {} }));
    // VS Code registers formatting when asked: for robots.txt files alone,
    // so that robotslint is no HTML formatter.
    assert.equal(init.capabilities.documentFormattingProvider, undefined);
    await connection.sendNotification(InitializedNotification.type, {});

    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: page, languageId: "html", version: 1, text } });
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: plain, languageId: "html", version: 1, text: plainText } });
    const found = await server.diagnostics("for the page", page, (d) => d.length > 0);
    assert.deepEqual(found.map((d) => d.code), ["unknown-indexing-rule"]);
    const diag = found[0];
    assert.deepEqual(diag.range, { start: { line: 2, character: 29 }, end: { line: 2, character: 35 } });

    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: page }, position: { line: 2, character: 31 } });
    assert.ok(hover, "no hover on noidex");
    assert.match(/** @type {{value: string}} */ (hover.contents).value, /Did you mean `noindex`\?/);

    const actions = await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: page },
      range: diag.range,
      context: { diagnostics: [diag], triggerKind: CodeActionTriggerKind.Invoked },
    });
    const rename = /** @type {CodeAction | undefined} */ (actions?.find((a) => a.title.startsWith("Rename to noindex")));
    assert.ok(rename, `no rename among ${JSON.stringify(actions?.map((a) => a.title))}`);
    const edits = editsFor(rename, page);
    text = applyEdits(text, edits);
    assert.match(text, /content="noindex"/);
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: page, version: 2 },
      contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })),
    });
    assert.deepEqual(await server.diagnostics("after the fix", page, () => true), []);

    // A page without robots directives: nothing, not even from the
    // robots.txt that blocks nothing of it, and no tokens over the HTML's.
    assert.deepEqual(await server.diagnostics("for the page without directives", plain, () => true), []);
    const tokens = await connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: plain } });
    assert.equal(tokens, null);
    const hoverPlain = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: plain }, position: { line: 1, character: 20 } });
    assert.equal(hoverPlain, null);

    const formatting = server.registered.find((r) => r.method === "textDocument/formatting");
    assert.ok(formatting, `formatting not registered: ${JSON.stringify(server.registered)}`);
    const selector = JSON.stringify(/** @type {{documentSelector: unknown}} */ (formatting.registerOptions).documentSelector);
    assert.match(selector, /"language":"robots-txt"/);
    assert.doesNotMatch(selector, /html/);

    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    assert.equal(await withTimeout(server.exited), 0, `exit status; stderr: ${server.stderr()}`);
  } finally {
    connection.dispose();
    server.child.kill();
  }
});
