// @ts-check
// Runs the Node tests (test/*.test.mjs) against one robotslint binary:
// $ROBOTSLINT if set, else one built from this repository with
// `go build -o <tmp>/robotslint ../../cmd/robotslint`, removed afterwards.

import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { robotslintBinary } from "../scripts/robotslint.mjs";

const bin = robotslintBinary();
/** @type {number} */
let status;
try {
  const files = readdirSync("test")
    .filter((f) => f.endsWith(".test.mjs"))
    .map((f) => `test/${f}`);
  const r = spawnSync(process.execPath, ["--test", ...files, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, ROBOTSLINT: bin.path },
  });
  status = r.status ?? 1;
} finally {
  bin.cleanup();
}
process.exit(status);
