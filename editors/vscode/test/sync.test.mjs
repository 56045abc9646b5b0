// @ts-check
// Checks that what the extension repeats from robotslint has not gone
// stale: the grammar's directives (rules/kb), the profiles and rules in
// package.json, and the generated grammar file.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { grammarJSON, grammarPath } from "../scripts/grammar.mjs";
import { knowledgeBase, rules } from "../scripts/robotslint.mjs";
import { packagePath, withRules } from "../scripts/rules.mjs";

const pkg = JSON.parse(readFileSync(packagePath, "utf8"));
const grammar = JSON.parse(readFileSync(grammarPath, "utf8"));
const kb = knowledgeBase();

/** The directive names the grammar highlights as keywords. */
function grammarDirectives() {
  const names = [];
  for (const rule of Object.values(grammar.repository)) {
    if (rule.captures?.[1]?.name !== "keyword.other.directive.robots-txt") continue;
    const m = /\(\?i:\(([a-z|-]+)\)\)/.exec(rule.match);
    assert.ok(m, `no (?i:(name|...)) in ${rule.match}`);
    names.push(...m[1].split("|"));
  }
  return names;
}

test("the grammar file is generated from scripts/grammar.mjs (npm run generate)", () => {
  assert.equal(readFileSync(grammarPath, "utf8"), grammarJSON());
});

test("the grammar knows exactly the directives of rules/kb", () => {
  const names = grammarDirectives();
  assert.equal(new Set(names).size, names.length, `a directive is named twice: ${names}`);
  assert.deepEqual([...names].sort(), [...kb.directives].sort());
});

test("robotslint.profiles offers exactly the profiles robotslint has", () => {
  const setting = pkg.contributes.configuration.properties["robotslint.profiles"];
  assert.deepEqual([...setting.items.enum].sort(), [...kb.profiles].sort());
  assert.equal(setting.items.enumDescriptions.length, setting.items.enum.length);
  for (const p of setting.default) assert.ok(kb.profiles.includes(p), p);
});

test("robotslint.rules lists exactly the rules robotslint has (npm run generate)", () => {
  const bin = process.env.ROBOTSLINT;
  assert.ok(bin, "run through test/run.mjs, which sets ROBOTSLINT");
  assert.deepEqual(pkg, withRules(pkg, rules(bin)));
});

test("the manifest's commands, language and grammar fit together", () => {
  const src = readFileSync(new URL("../src/extension.ts", import.meta.url), "utf8");
  for (const { command } of pkg.contributes.commands) {
    assert.ok(src.includes(`registerCommand("${command}"`), `${command} is not registered in src/extension.ts`);
  }
  const [language] = pkg.contributes.languages;
  // HTML pages too, for robotslint.html (on unless turned off).
  assert.deepEqual(pkg.activationEvents, [`onLanguage:${language.id}`, "onLanguage:html"]);
  assert.equal(pkg.contributes.configuration.properties["robotslint.html"].default, true);
  assert.ok(src.includes(`get<boolean>("html", true)`), "src/extension.ts defaults robotslint.html to another value than package.json");
  assert.equal(pkg.contributes.grammars[0].language, language.id);
  assert.equal(pkg.contributes.grammars[0].scopeName, grammar.scopeName);
  assert.ok(src.includes(`const languageId = "${language.id}"`));
  assert.ok(src.includes(`const section = "robotslint"`));
  for (const key of Object.keys(pkg.contributes.configuration.properties)) {
    assert.match(key, /^robotslint\./);
  }
  assert.equal(pkg.devDependencies["@vscode/vsce"], "3.9.2", "vsce 3.9.2 is the newest that runs on Node 20");
});
