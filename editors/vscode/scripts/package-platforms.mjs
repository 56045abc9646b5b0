// @ts-check
// Packs the extension for each platform with that platform's robotslint
// inside (bin/robotslint, bin/robotslint.exe on Windows), and once without
// a binary: the universal package, which looks for robotslint as before.
// The Marketplace and Open VSX serve each user the package for their
// platform, and the universal one where there is none.
//
//   node scripts/package-platforms.mjs DIR
//
// DIR is a release directory (go run ./cmd/release -out DIR): the binaries
// are read from DIR/bin/<goos>_<goarch>/, and the packages written to
// DIR/vscode/robotslint-<target>-<version>.vsix and
// DIR/vscode/robotslint-<version>.vsix. Each binary is copied into bin/ here
// only while vsce packs it and removed afterwards, also when packing fails
// or the script is interrupted; the universal package's .vscodeignore
// excludes bin/ whatever is in it.

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readVsix } from "./vsix.mjs";

const require = createRequire(import.meta.url);

/** The extension's directory, editors/vscode. */
const extensionDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * The VS Code targets and the Go build each carries. The Go binaries are
 * static (CGO off), so the linux ones run on Alpine's musl too: VS Code on
 * Alpine, such as a dev container, asks for alpine-x64 or alpine-arm64 and
 * would otherwise get the universal package.
 * @type {Record<string, string>}
 */
export const targets = {
  "linux-x64": "linux_amd64",
  "linux-arm64": "linux_arm64",
  "alpine-x64": "linux_amd64",
  "alpine-arm64": "linux_arm64",
  "darwin-x64": "darwin_amd64",
  "darwin-arm64": "darwin_arm64",
  "win32-x64": "windows_amd64",
  "win32-arm64": "windows_arm64",
};

/**
 * The binary's name in a Go build directory and in the extension.
 * @param {string} target
 */
export function binaryName(target) {
  return target.startsWith("win32-") ? "robotslint.exe" : "robotslint";
}

/**
 * The package file names for an extension version.
 * @param {string} version
 * @param {string} [target] none for the universal package
 */
export function vsixName(version, target) {
  return target ? `robotslint-${target}-${version}.vsix` : `robotslint-${version}.vsix`;
}

/** @param {Buffer} data */
function sha256(data) {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The flags of `npm run package`, so that every package is made the same
 * way: `vsce package FLAGS...` in package.json is their one definition.
 * @param {{scripts: Record<string, string>}} pkg
 */
function vsceFlags(pkg) {
  const [command, sub, ...flags] = pkg.scripts.package.split(/\s+/);
  if (command !== "vsce" || sub !== "package") {
    throw new Error(`package.json's "package" script is not "vsce package ...": ${pkg.scripts.package}`);
  }
  return flags;
}

/**
 * Runs vsce, asynchronously so that a signal handler can still clean up.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {(child: import("node:child_process").ChildProcess | undefined) => void} running
 * @returns {Promise<void>}
 */
function vsce(args, env, running) {
  const bin = require.resolve("@vscode/vsce/vsce");
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: extensionDir, env, stdio: "inherit" });
    running(child);
    child.on("error", fail);
    child.on("exit", (code, signal) => {
      running(undefined);
      if (code === 0) done();
      else fail(new Error(`vsce ${args.join(" ")}: ${signal ? `killed by ${signal}` : `exit status ${code}`}`));
    });
  });
}

/**
 * Checks a built package: its manifest names the target, and it holds
 * exactly the expected binary (byte for byte, executable) or, for the
 * universal package, none.
 * @param {string} path
 * @param {string | undefined} target
 * @param {Buffer | undefined} binary
 */
function check(path, target, binary) {
  const entries = readVsix(path);
  const manifest = entries.find((e) => e.name === "extension.vsixmanifest")?.data().toString("utf8") ?? "";
  const platform = /TargetPlatform="([^"]*)"/.exec(manifest)?.[1];
  if (platform !== target) {
    throw new Error(`${path}: the manifest's TargetPlatform is ${platform ?? "absent"}, not ${target ?? "absent"}`);
  }
  const bins = entries.filter((e) => e.name.startsWith("extension/bin/"));
  if (!target || !binary) {
    if (bins.length > 0) throw new Error(`${path}: the universal package holds ${bins.map((e) => e.name).join(", ")}`);
    return;
  }
  const want = `extension/bin/${binaryName(target)}`;
  if (bins.length !== 1 || bins[0].name !== want) {
    throw new Error(`${path}: holds ${bins.map((e) => e.name).join(", ") || "no binary"}, not just ${want}`);
  }
  if (bins[0].mode !== 0o755) {
    throw new Error(`${path}: ${want} has mode ${bins[0].mode.toString(8)}, not 755`);
  }
  if (sha256(bins[0].data()) !== sha256(binary)) {
    throw new Error(`${path}: ${want} differs from the release binary`);
  }
}

/**
 * Builds every package into dir/vscode and returns their paths.
 * @param {string} dir the release directory
 * @returns {Promise<string[]>}
 */
export async function packagePlatforms(dir) {
  const pkg = JSON.parse(readFileSync(join(extensionDir, "package.json"), "utf8"));
  const flags = vsceFlags(pkg);
  const missing = Object.values(targets)
    .filter((build, i, all) => all.indexOf(build) === i)
    .map((build) => join(dir, "bin", build, build.startsWith("windows_") ? "robotslint.exe" : "robotslint"))
    .filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`no robotslint binary at ${missing.join(", ")}; make the release directory with go run ./cmd/release -out ${dir}`);
  }
  const out = join(dir, "vscode");
  mkdirSync(out, { recursive: true });

  // The same commit gives the same packages: vsce sorts the entries and
  // dates them SOURCE_DATE_EPOCH when it is set.
  const env = { ...process.env };
  if (!env.SOURCE_DATE_EPOCH) {
    const git = spawnSync("git", ["log", "-1", "--format=%ct"], { cwd: extensionDir, encoding: "utf8" });
    if (git.status === 0 && /^\d+$/.test(git.stdout.trim())) env.SOURCE_DATE_EPOCH = git.stdout.trim();
  }

  const binDir = join(extensionDir, "bin");
  const scratch = mkdtempSync(join(tmpdir(), "robotslint-vsix-"));
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  const cleanup = () => {
    rmSync(binDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  };
  /** @type {Array<[NodeJS.Signals, () => void]>} */
  const handlers = ["SIGINT", "SIGTERM", "SIGHUP"].map((signal) => {
    const handler = () => {
      child?.kill(/** @type {NodeJS.Signals} */ (signal));
      cleanup();
      console.error(`package-platforms: interrupted by ${signal}; removed ${relative(process.cwd(), binDir) || binDir}`);
      process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
    };
    process.on(/** @type {NodeJS.Signals} */ (signal), handler);
    return [/** @type {NodeJS.Signals} */ (signal), handler];
  });
  // The platform packages take bin/robotslint[.exe] too; the universal one
  // uses .vscodeignore as it is.
  const ignoreFile = join(scratch, "vscodeignore");
  writeFileSync(ignoreFile, readFileSync(join(extensionDir, ".vscodeignore"), "utf8") + "!bin/robotslint\n!bin/robotslint.exe\n");

  /** @type {string[]} */
  const built = [];
  try {
    if (existsSync(binDir)) {
      console.error(`package-platforms: removing ${binDir}, left by an interrupted run`);
    }
    for (const [target, build] of Object.entries(targets)) {
      rmSync(binDir, { recursive: true, force: true });
      mkdirSync(binDir);
      const name = binaryName(target);
      const source = join(dir, "bin", build, name);
      const copy = join(binDir, name);
      copyFileSync(source, copy);
      chmodSync(copy, 0o755);
      const vsix = join(out, vsixName(pkg.version, target));
      await vsce(["package", "--target", target, "--ignoreFile", ignoreFile, "--out", vsix, ...flags], env, (c) => (child = c));
      check(vsix, target, readFileSync(source));
      built.push(vsix);
    }
    rmSync(binDir, { recursive: true, force: true });
    const universal = join(out, vsixName(pkg.version));
    await vsce(["package", "--out", universal, ...flags], env, (c) => (child = c));
    check(universal, undefined, undefined);
    built.push(universal);
  } finally {
    cleanup();
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) {
    console.error("usage: node scripts/package-platforms.mjs DIR\n\nDIR is a release directory with DIR/bin/<goos>_<goarch>/robotslint[.exe] (go run ./cmd/release -out DIR); the packages go to DIR/vscode.");
    process.exit(2);
  }
  const start = Date.now();
  try {
    const built = await packagePlatforms(resolve(args[0]));
    for (const path of built) {
      console.log(`${path}  ${(statSync(path).size / 1e6).toFixed(1)} MB`);
    }
    console.log(`package-platforms: ${built.length} packages in ${Math.round((Date.now() - start) / 1000)}s`);
  } catch (err) {
    console.error(`package-platforms: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
