// @ts-check
// Writes the rules robotslint has into package.json, as the properties of
// the robotslint.rules setting, so that the settings editor and
// settings.json complete rule names. Run `npm run generate` after rules are
// added or renamed; test/sync.test.mjs fails until then.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { extensionDir, robotslintBinary, rules } from "./robotslint.mjs";

export const severities = ["error", "warning", "info", "hint", "off"];

/**
 * The package.json with the rules' properties set.
 * @param {any} pkg the parsed package.json
 * @param {ReturnType<typeof rules>} list
 */
export function withRules(pkg, list) {
  /** @type {Record<string, object>} */
  const properties = {};
  for (const r of list) {
    properties[r.name] = {
      type: "string",
      enum: severities,
      markdownDescription: `${r.summary} (default: \`${r.severity}\`)`,
    };
  }
  const out = structuredClone(pkg);
  out.contributes.configuration.properties["robotslint.rules"].properties = properties;
  return out;
}

export const packagePath = join(extensionDir, "package.json");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bin = robotslintBinary();
  try {
    const pkg = JSON.parse(readFileSync(packagePath, "utf8"));
    writeFileSync(packagePath, JSON.stringify(withRules(pkg, rules(bin.path)), null, 2) + "\n");
  } finally {
    bin.cleanup();
  }
}
