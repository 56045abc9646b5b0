// @ts-check
// Bundles src/extension.ts and vscode-languageclient into out/extension.js
// with esbuild, so that the .vsix needs no node_modules (vsce package
// --no-dependencies). `--production` minifies and drops the source map;
// `--watch` rebuilds on change.

import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";

/**
 * The build, for production or not, into outfile.
 * @param {boolean} production
 * @param {string} [outfile]
 * @returns {esbuild.BuildOptions}
 */
export function buildOptions(production, outfile = "out/extension.js") {
  return {
    entryPoints: [fileURLToPath(new URL("../src/extension.ts", import.meta.url))],
    bundle: true,
    outfile,
    external: ["vscode"],
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: "warning",
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = buildOptions(process.argv.includes("--production"));
  if (process.argv.includes("--watch")) {
    await (await esbuild.context(options)).watch();
  } else {
    await esbuild.build(options);
  }
}
