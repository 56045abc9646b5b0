// @ts-check
// The grammar with line ends as hosts pass them. VS Code splits lines at
// LF, CRLF and CR and tokenizes them without their ends, as
// vscode-tmgrammar-test (test/grammar/*.robots.txt) does; other hosts
// (those splitting at LF only) leave a CR at the end of each line of a
// CRLF file. Either way every token must be scoped alike.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { tokenize } from "./tokenize.mjs";

const dir = new URL("./grammar/", import.meta.url);
const lines = readdirSync(dir)
  .filter((f) => f.endsWith(".robots.txt"))
  .flatMap((f) => readFileSync(new URL(f, dir), "utf8").split(/\r\n|\n/).slice(1));

test("a CR left at the end of a line changes no token", async () => {
  const plain = await tokenize(lines);
  const withCR = await tokenize(lines.map((l) => l + "\r"));
  for (const [i, line] of lines.entries()) {
    const want = plain[i].filter((t) => t.text !== "");
    const got = withCR[i].filter((t) => t.text !== "");
    const last = got.at(-1);
    assert.ok(last && last.text.endsWith("\r"), `line ${JSON.stringify(line)}: the CR is no token's end`);
    if (last.text === "\r") {
      got.pop();
      assert.ok(
        last.scopes.every((s) => s.startsWith("meta.directive")),
        `line ${JSON.stringify(line)}: the CR is scoped ${last.scopes.join(" ")}`,
      );
    } else {
      // A CR after trailing white space joins it, unscoped.
      assert.match(last.text, /^\s+$/, `line ${JSON.stringify(line)}: the CR joined ${JSON.stringify(last.text)}`);
      last.text = last.text.slice(0, -1);
    }
    assert.deepEqual(got, want, `line ${JSON.stringify(line)}`);
  }
});

test("blank lines, and lines of white space only, have no scope", async () => {
  for (const tokens of await tokenize(["", "   ", "\t", "\r", " \r"])) {
    for (const t of tokens) assert.deepEqual(t.scopes, [], JSON.stringify(t.text));
  }
});
