#!/usr/bin/env node
// The robotslint command for npm: runs the binary that the platform's
// package, an optional dependency, carries. npm installs only the
// dependency whose "os" and "cpu" fields match the machine, as it does for
// esbuild and @biomejs/biome, so nothing is downloaded at install time.
// $ROBOTSLINT_BINARY, when set, names the binary to run instead.
"use strict";

const { spawn } = require("node:child_process");
const { constants } = require("node:os");
const path = require("node:path");

const manifest = require("../package.json");
const launched = "ROBOTSLINT_NPM_LAUNCHER";
const goInstall = `go install github.com/robotslint/robotslint/cmd/robotslint@v${manifest.version}`;

/** Ends the launcher with the one-line message and status 2, robotslint's status for a failure of its own. */
function fail(message) {
  process.stderr.write(`robotslint: ${message}\n`);
  process.exit(2);
}

/**
 * The binary to run. The platform packages are the manifest's optional
 * dependencies, named for Node's platform and architecture, so the
 * manifest is the one list of the platforms there are binaries for.
 */
function binary() {
  const given = process.env.ROBOTSLINT_BINARY;
  if (given) {
    // The launcher marks the environment of what it runs: if that is the
    // launcher again, $ROBOTSLINT_BINARY names it, and each would start
    // the next for ever.
    if (process.env[launched]) {
      fail(`ROBOTSLINT_BINARY=${given} is this npm package's launcher; set it to the robotslint binary itself`);
    }
    // A path, never a name looked up on PATH, where npm puts this launcher.
    return path.resolve(given);
  }
  const pkg = `@robotslint/cli-${process.platform}-${process.arch}`;
  const platforms = Object.keys(manifest.optionalDependencies ?? {});
  if (!platforms.includes(pkg)) {
    fail(
      `there is no prebuilt binary for ${process.platform}-${process.arch} ` +
        `(only for ${platforms.map((name) => name.replace("@robotslint/cli-", "")).join(", ")}): ` +
        `build one with Go 1.26 (${goInstall}) ` +
        `and set ROBOTSLINT_BINARY to its path`,
    );
  }
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    fail(
      `${pkg}, the optional dependency that holds the binary for this machine, is not installed ` +
        `(npm leaves it out with --omit=optional or --no-optional): install again without that option, ` +
        `or set ROBOTSLINT_BINARY to a robotslint binary downloaded from ` +
        `https://github.com/robotslint/robotslint/releases/tag/v${manifest.version} or built with ${goInstall}`,
    );
  }
  return path.join(dir, "bin", process.platform === "win32" ? "robotslint.exe" : "robotslint");
}

const bin = binary();

// A signal sent to this process alone (a CI runner's timeout, an editor
// stopping `robotslint lsp`) goes on to robotslint, which decides how to
// end; a terminal's Ctrl-C reaches both, and the second SIGINT is harmless.
// The handlers come first: a signal between the spawn and them would end
// this process and leave robotslint running.
const forwarded = ["SIGINT", "SIGTERM", "SIGHUP"];
let child;
const forward = (signal) => child?.kill(signal);
for (const signal of forwarded) {
  process.on(signal, forward);
}
child = spawn(bin, process.argv.slice(2), { stdio: "inherit", env: { ...process.env, [launched]: "1" } });

child.on("error", (err) => {
  const why = err.code === "ENOENT" ? "no such file" : err.code === "EACCES" ? "not executable" : err.message;
  fail(
    process.env.ROBOTSLINT_BINARY
      ? `cannot run ROBOTSLINT_BINARY=${bin}: ${why}`
      : `cannot run ${bin}: ${why}; install robotslint again`,
  );
});

child.on("exit", (code, signal) => {
  if (signal) {
    // Die of the same signal, so that a shell or make sees what killed
    // robotslint; if this process survives it (Node ignores SIGPIPE), exit
    // as a shell reports a death by signal.
    for (const s of forwarded) {
      process.removeListener(s, forward);
    }
    process.kill(process.pid, signal);
    process.exit(128 + (constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 2);
});
