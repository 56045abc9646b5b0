// The robotslint extension: a thin client of `robotslint lsp`, plus the
// Test URL command, which runs `robotslint test`.

import { spawn } from "node:child_process";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { bundledPath, findBinary, installAdvice, installURL, type Source } from "./binary";
import { decidingLine, parseReport, summarize, testArgs } from "./verdict";

const section = "robotslint";
const languageId = "robots-txt";

let client: LanguageClient | undefined;
let log: vscode.LogOutputChannel;
/** The extension's directory, where a platform-specific package has bin/robotslint. */
let extensionDir: string;
/** Serializes starts and stops: a restart must not race a settings change. */
let lifecycle: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): void {
  log = vscode.window.createOutputChannel("robotslint", { log: true });
  extensionDir = context.extensionPath;
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand("robotslint.restart", () => queue(restart)),
    vscode.commands.registerCommand("robotslint.testURL", () => testURL(context)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The document selector is fixed when the client starts.
      if (e.affectsConfiguration(`${section}.path`) || e.affectsConfiguration(`${section}.html`)) {
        void queue(restart);
      }
    }),
  );
  void queue(start);
}

export function deactivate(): Thenable<void> | undefined {
  return stop();
}

function queue(step: () => Promise<void>): Promise<void> {
  lifecycle = lifecycle.then(step, step);
  return lifecycle;
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      // dispose stops the server (shutdown, exit) and frees the client.
      await c.dispose();
    } catch (err) {
      log.warn(`stopping the server: ${String(err)}`);
    }
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

/** How the output channel names where the binary came from. */
const sources: Record<Source, string> = {
  setting: "robotslint.path",
  bundled: "the binary that comes with the extension",
  search: "found on PATH or in Go's bin directory",
};

/** Resolves the binary (lookup order in src/binary.ts), or offers to install it. */
async function binary(): Promise<string | undefined> {
  const configured = vscode.workspace.getConfiguration(section).get<string>("path", "");
  const found = await findBinary({
    configured,
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    bundled: bundledPath(extensionDir, process.platform),
    env: process.env,
    platform: process.platform,
  });
  if (found.path !== undefined) {
    log.info(`using ${found.path} (${sources[found.source]})`);
    return found.path;
  }
  log.error(`robotslint not found; looked for ${found.searched.join(", ")}`);
  void offerInstall(configured);
  return undefined;
}

async function offerInstall(configured: string): Promise<void> {
  const advice = installAdvice(configured, process.platform, process.arch);
  const download = "Download robotslint";
  const copy = "Copy install command";
  const open = "Open installation instructions";
  const buttons = [...(advice.download ? [download] : []), ...(advice.command ? [copy] : []), open];
  const choice = await vscode.window.showErrorMessage(advice.message, ...buttons);
  if (choice === download && advice.download) {
    await vscode.env.openExternal(vscode.Uri.parse(advice.download));
  } else if (choice === copy && advice.command) {
    await vscode.env.clipboard.writeText(advice.command);
    void vscode.window.showInformationMessage(`Copied "${advice.command}". Run it in a terminal, then run "robotslint: Restart Server".`);
  } else if (choice === open) {
    await vscode.env.openExternal(vscode.Uri.parse(installURL));
  }
}

/**
 * The settings the server reads (lsp/settings.go): {"profiles": [...],
 * "rules": {...}}. Profiles are sent only when the user set them, so that
 * a .robotslint.toml's profiles apply otherwise; the setting's default is
 * the server's own.
 */
function serverSettings(): { profiles?: string[]; rules: Record<string, string> } {
  const config = vscode.workspace.getConfiguration(section);
  const settings: { profiles?: string[]; rules: Record<string, string> } = {
    rules: config.get<Record<string, string>>("rules", {}),
  };
  const profiles = config.inspect<string[]>("profiles");
  const set = [profiles?.globalValue, profiles?.workspaceValue, profiles?.workspaceFolderValue].some((v) => v !== undefined);
  if (set) {
    settings.profiles = config.get<string[]>("profiles", []);
  }
  return settings;
}

/**
 * The documents the server gets: robots.txt files, and HTML files unless
 * robotslint.html is off. The server checks a page's robots META tags and
 * section markers, says nothing about a page without any, and registers
 * formatting for robots.txt files alone, so that it never competes with
 * the HTML formatter.
 */
export function documentSelector(html: boolean): { language: string; scheme: string }[] {
  const languages = html ? [languageId, "html"] : [languageId];
  return languages.flatMap((language) => [
    { language, scheme: "file" },
    { language, scheme: "untitled" },
  ]);
}

async function start(): Promise<void> {
  const command = await binary();
  if (command === undefined) {
    return;
  }
  // TransportKind.stdio makes the client append --stdio, which the server accepts.
  const serverOptions: ServerOptions = { command, args: ["lsp"], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(vscode.workspace.getConfiguration(section).get<boolean>("html", true)),
    synchronize: { configurationSection: section },
    initializationOptions: serverSettings,
    outputChannel: log,
    diagnosticCollectionName: "robotslint",
    middleware: {
      workspace: {
        // The server asks for the section "robotslint"; answer with the
        // settings it reads rather than the whole section as VS Code has it.
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) {
            return answers;
          }
          return params.items.map((item, i) => (item.section === section ? serverSettings() : answers[i]));
        },
        // Send the same settings along when they change (the client
        // itself would send the whole section).
        didChangeConfiguration: async (sections, next) => {
          if (!sections?.includes(section)) {
            return next(sections);
          }
          await c.sendNotification(DidChangeConfigurationNotification.type, { settings: { [section]: serverSettings() } });
        },
      },
    },
  };
  const c = new LanguageClient("robotslint", "robotslint", serverOptions, clientOptions);
  client = c;
  try {
    await c.start();
    log.info(`started ${command} lsp`);
  } catch (err) {
    log.error(`starting ${command} lsp: ${String(err)}`);
    void vscode.window.showErrorMessage(`robotslint: the language server did not start: ${String(err)}`);
  }
}

/** Runs robotslint with text on standard input, if given. */
function runRobotslint(command: string, args: string[], stdin: string | undefined, cwd: string | undefined): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.on("error", () => {}); // the exit status says what went wrong
    child.stdin.end(stdin ?? "");
  });
}

/** The values last entered, offered again. */
const lastURL = "robotslint.testURL.url";
const lastAgent = "robotslint.testURL.agent";

async function testURL(context: vscode.ExtensionContext): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== languageId) {
    void vscode.window.showErrorMessage("robotslint: open a robots.txt file to test a URL against it.");
    return;
  }
  const document = editor.document;
  const url = await vscode.window.showInputBox({
    title: "robotslint: Test URL",
    prompt: "The URL to test: a path such as /private/page.html, or an absolute URL",
    value: context.workspaceState.get<string>(lastURL, "/"),
    validateInput: (v) => (/\s/.test(v) ? "A URL has no white space; percent-encode it (%20)." : undefined),
  });
  if (url === undefined) {
    return;
  }
  const agent = await vscode.window.showInputBox({
    title: "robotslint: Test URL",
    prompt: "The crawler's robots.txt name (its user-agent token)",
    value: context.workspaceState.get<string>(lastAgent, "Googlebot"),
    validateInput: (v) => (v.trim() === "" ? "Name a crawler, such as Googlebot, or * for any other." : undefined),
  });
  if (agent === undefined) {
    return;
  }
  await context.workspaceState.update(lastURL, url);
  await context.workspaceState.update(lastAgent, agent.trim());
  const command = await binary();
  if (command === undefined) {
    return;
  }
  // A saved file is read from disk; an unsaved or changed buffer goes on
  // standard input, so the line numbers are those of the text on screen.
  const onDisk = document.uri.scheme === "file" && !document.isDirty;
  const file = onDisk ? document.uri.fsPath : "-";
  const args = testArgs(agent.trim(), file, url);
  const cwd = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath;
  log.info(`${command} ${args.join(" ")}`);
  let summary;
  try {
    const { code, stdout, stderr } = await runRobotslint(command, args, onDisk ? undefined : document.getText(), cwd);
    if (code !== 0 && code !== 1) {
      throw new Error(stderr.trim() || `exit status ${String(code)}`);
    }
    summary = summarize(parseReport(stdout));
  } catch (err) {
    log.error(`robotslint test: ${String(err)}`);
    void vscode.window.showErrorMessage(`robotslint test failed: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  log.info(summary.message);
  for (const note of summary.notes) {
    log.info(`note: ${note}`);
  }
  const first = decidingLine(summary);
  if (first !== null) {
    select(editor, first);
  }
  // Buttons for the other deciding lines, when profiles are decided by others.
  const others = summary.outcomes.filter((o) => o.line !== null && o.line !== first);
  const buttons = others.map((o) => `Show line ${String(o.line)} (${o.profiles.join(", ")})`);
  const text = [summary.message, ...summary.notes.map((n) => `Note: ${n}`)].join(" ");
  const choice = await vscode.window.showInformationMessage(text, ...buttons);
  const picked = others[buttons.indexOf(choice ?? "")];
  if (picked?.line != null) {
    const target = await vscode.window.showTextDocument(document, editor.viewColumn);
    select(target, picked.line);
  }
}

/** Selects and reveals a 1-based line. */
function select(editor: vscode.TextEditor, line: number): void {
  if (line < 1 || line > editor.document.lineCount) {
    return;
  }
  const range = editor.document.lineAt(line - 1).range;
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
