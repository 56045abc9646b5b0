// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** The Node.js globals the scripts and tests use. */
const node = Object.fromEntries(
  ["process", "console", "URL", "setTimeout", "clearTimeout", "setImmediate", "structuredClone", "Buffer"].map((g) => [g, "readonly"]),
);

export default defineConfig(
  { ignores: ["out/", "dist/", "node_modules/", "*.vsix"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: /** @type {Record<string, "readonly">} */ (node) },
    rules: {
      eqeqeq: ["error", "smart"],
      "no-console": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["scripts/**", "test/**"],
    rules: { "no-console": "off" },
  },
);
