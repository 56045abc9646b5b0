// @ts-check
// Builds the TextMate grammar for robots.txt, syntaxes/robots-txt.tmLanguage.json.
// Run `npm run generate` after editing; test/generated.test.mjs fails while the
// JSON is stale, and test/kb.test.mjs while `directives` differs from the
// directives robotslint's knowledge base (rules/kb) knows.
//
// The grammar reads a file the way package syntax does: one line at a time,
// each blank, a comment, a directive (key, colon, value, optional comment) or
// invalid. Every directive line is one `match` rule, so a value never runs on
// into the next line and a trailing comment is always a comment.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The directives, lower case, with the kind of value each takes (the value
 * descriptions in rules/kb/directive.go). The order is rules/kb's.
 * @type {Array<[string, keyof typeof values]>}
 */
export const directives = [
  ["user-agent", "agent"],
  ["allow", "path"],
  ["disallow", "path"],
  ["sitemap", "url"],
  ["crawl-delay", "number"],
  ["host", "host"],
  ["clean-param", "cleanParam"],
  ["request-rate", "rate"],
  ["visit-time", "time"],
  ["noindex", "path"],
  ["nofollow", "path"],
  ["noarchive", "path"],
  ["content-signal", "preferences"],
  ["content-usage", "preferences"],
];

const S = "robots-txt";

// A value: from its first to its last character that is neither white
// space nor part of a comment. Whitespace is \s so that a CR left at the
// end of a line by a host that splits lines at LF only stays outside it.
const VALUE = String.raw`[^\s#](?:[^#]*[^\s#])?`;
// What may follow the value: white space, then a comment, then the end.
const TAIL = String.raw`[ \t]*(?:((#).*?))?\s*$`;
// The separator: a colon, or (as Google reads a line with no colon) the
// white space between exactly two words.
const SEP = String.raw`(?:[ \t]*(:)|[ \t]+(?=[^\s#]+[ \t]*(?:#.*)?\s*$))[ \t]*`;

const url = {
  match: String.raw`(?i:https?)://[^\s*]+?(?=\*|\$$|\s|$)`,
  name: `markup.underline.link.${S}`,
};
const wildcard = { match: String.raw`\*`, name: `keyword.operator.wildcard.${S}` };
const anchor = { match: String.raw`\$$`, name: `keyword.operator.anchor.${S}` };
// A word of a value that starts with / or *: a path pattern.
const pathWord = {
  match: String.raw`(?<!\S)[/*]\S*`,
  name: `string.unquoted.path.${S}`,
  captures: { 0: { patterns: [wildcard, { match: String.raw`\$(?=\s|$)`, name: `keyword.operator.anchor.${S}` }] } },
};
const number = { match: String.raw`[0-9]+(?:\.[0-9]+)?`, name: `constant.numeric.${S}` };

/**
 * How each kind of value is scoped: the scope of the whole value and the
 * patterns run inside it.
 * @type {Record<string, {name?: string, patterns?: object[]}>}
 */
const values = {
  agent: { name: `entity.name.tag.user-agent.${S}`, patterns: [wildcard] },
  path: { name: `string.unquoted.path.${S}`, patterns: [url, wildcard, anchor] },
  url: { name: `string.unquoted.url.${S} markup.underline.link.${S}` },
  host: { name: `string.unquoted.host.${S}`, patterns: [url] },
  number: {
    patterns: [
      { match: String.raw`(?<![^\s:])(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$`, name: `constant.numeric.${S}` },
      { match: ".+", name: `string.unquoted.${S}` },
    ],
  },
  cleanParam: {
    patterns: [
      pathWord,
      { match: "&", name: `punctuation.separator.parameters.${S}` },
      { match: String.raw`[^&\s]+`, name: `variable.parameter.${S}` },
    ],
  },
  rate: {
    name: `string.unquoted.rate.${S}`,
    patterns: [number, { match: String.raw`(?<=[0-9])(?i:[smhd])\b`, name: `keyword.other.unit.${S}` }],
  },
  time: { name: `string.unquoted.time.${S}`, patterns: [number] },
  preferences: {
    patterns: [
      pathWord,
      {
        match: String.raw`([^\s=,]+)[ \t]*(=)[ \t]*([^\s,]*)`,
        captures: {
          1: { name: `variable.parameter.${S}` },
          2: { name: `keyword.operator.assignment.${S}` },
          3: { name: `constant.language.${S}` },
        },
      },
      { match: ",", name: `punctuation.separator.comma.${S}` },
    ],
  },
};

/** @param {number} i the capture number of the comment */
function commentCaptures(i) {
  return {
    [i]: { name: `comment.line.number-sign.${S}` },
    [i + 1]: { name: `punctuation.definition.comment.${S}` },
  };
}

/** Builds the grammar. */
export function grammar() {
  /** @type {Map<string, string[]>} */
  const byKind = new Map();
  for (const [name, kind] of directives) {
    byKind.set(kind, [...(byKind.get(kind) ?? []), name]);
  }
  /** @type {Record<string, object>} */
  const repository = {};
  const patterns = [{ include: "#comment" }];
  for (const [kind, names] of byKind) {
    const key = `directive-${kind.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}`;
    patterns.push({ include: `#${key}` });
    repository[key] = {
      comment: `${names.join(", ")}: ${kind} values`,
      match: String.raw`^[ \t]*(?i:(${names.join("|")}))${SEP}(${VALUE})?${TAIL}`,
      name: `meta.directive.${S}`,
      captures: {
        1: { name: `keyword.other.directive.${S}` },
        2: { name: `punctuation.separator.key-value.${S}` },
        3: values[kind],
        ...commentCaptures(4),
      },
    };
  }
  patterns.push({ include: "#directive-unknown" }, { include: "#invalid" });
  repository["directive-unknown"] = {
    comment: "a key of one word that names no directive, then a colon (not a URL's ://)",
    match: String.raw`^[ \t]*([^\s:#]+)[ \t]*(:)(?!//)[ \t]*(${VALUE})?${TAIL}`,
    name: `meta.directive.unknown.${S}`,
    captures: {
      1: { name: `variable.other.key.unknown.${S}` },
      2: { name: `punctuation.separator.key-value.${S}` },
      3: { name: `string.unquoted.value.${S}`, patterns: [url] },
      ...commentCaptures(4),
    },
  };
  repository.invalid = {
    comment: "anything else crawlers skip: a bare URL, `GPTBot Disallow: /`, `: x`, three words and no colon",
    match: String.raw`^[ \t]*(${VALUE})${TAIL}`,
    captures: { 1: { name: `invalid.illegal.line.${S}` }, ...commentCaptures(2) },
  };
  repository.comment = {
    match: String.raw`(#).*?(?=\s*$)`,
    name: `comment.line.number-sign.${S}`,
    captures: { 1: { name: `punctuation.definition.comment.${S}` } },
  };
  return {
    $schema: "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
    name: "robots.txt",
    scopeName: `source.${S}`,
    comment: "Generated by scripts/grammar.mjs (npm run generate); do not edit.",
    patterns,
    repository,
  };
}

/** The grammar file's text. */
export function grammarJSON() {
  return JSON.stringify(grammar(), null, 2) + "\n";
}

export const grammarPath = fileURLToPath(new URL("../syntaxes/robots-txt.tmLanguage.json", import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(grammarPath, grammarJSON());
}
