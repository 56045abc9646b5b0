// @ts-check
// Tokenizes robots.txt text with the extension's grammar through
// vscode-textmate and vscode-oniguruma, the libraries VS Code uses.
// As a script it prints the tokens of a file: node test/tokenize.mjs FILE

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import vsctm from "vscode-textmate";
import oniguruma from "vscode-oniguruma";

const require = createRequire(import.meta.url);
const grammarPath = fileURLToPath(new URL("../syntaxes/robots-txt.tmLanguage.json", import.meta.url));

/** @type {Promise<vsctm.IGrammar> | undefined} */
let loaded;

/** Loads the grammar once. */
export function loadGrammar() {
  loaded ??= (async () => {
    const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
        createOnigString: (s) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scopeName) =>
        scopeName === "source.robots-txt" ? vsctm.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath) : null,
    });
    const grammar = await registry.loadGrammar("source.robots-txt");
    if (!grammar) throw new Error("the grammar did not load");
    return grammar;
  })();
  return loaded;
}

/**
 * Tokenizes lines as given: a line may keep a trailing "\r", as a host that
 * splits at LF only would pass it.
 * @param {string[]} lines
 * @returns {Promise<Array<Array<{text: string, scopes: string[]}>>>}
 */
export async function tokenize(lines) {
  const grammar = await loadGrammar();
  let stack = vsctm.INITIAL;
  const out = [];
  for (const line of lines) {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    out.push(r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) })));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(process.argv[2] ?? 0, "utf8");
  for (const [i, tokens] of (await tokenize(text.split("\n"))).entries()) {
    console.log(`${i + 1}:`);
    for (const t of tokens) console.log(`  ${JSON.stringify(t.text).padEnd(28)} ${t.scopes.join(" ")}`);
  }
}
