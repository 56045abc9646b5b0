#!/usr/bin/env node
// Builds robotslint's npm packages from a release directory:
//
//   node editors/npm/pack.mjs [--only PLATFORM,...] DIR VERSION
//
// DIR is what `go run ./cmd/release -out DIR` writes, of which this reads
// bin/<goos>_<goarch>/robotslint[.exe]; VERSION is the release's version
// without the "v" (1.2.3). Each package is staged in DIR/npm/<name>/ from
// the templates beside this script, packed with `npm pack`, and its
// tarball left in DIR/npm/: robotslint-VERSION.tgz, the launcher that
// depends on every platform's package, and robotslint-cli-linux-x64-VERSION.tgz
// and the rest, each one platform's binary. npm makes the tarballs
// byte-identical from identical files (fixed times and modes), so two
// release builds of one commit give the same packages.
//
// --only packs the launcher and only the named platforms' packages
// (linux-x64, ...), for a test on a directory with one binary in it; a
// release packs every platform, and fails if a binary is missing.
//
// Publish the platform packages before robotslint, which names them at
// exactly this version, and a pre-release with `--tag next`, so that
// `npx robotslint` keeps getting the latest release.
//
// Needs Node 18 and npm, and nothing else: no network, no dependencies.
// Run it on Linux or macOS: npm takes the files' modes from the file
// system, and on Windows the binaries would lose their executable bit
// (the check of the packed modes below would stop it).

import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");

/** Node's names for the platforms, as the packages carry them, to Go's, as the release directory has them. */
const goos = { linux: "linux", darwin: "darwin", win32: "windows" };
const goarch = { x64: "amd64", arm64: "arm64" };
/** How a reader names the systems, in a package's description and README. */
const systemName = { linux: "Linux", darwin: "macOS", win32: "Windows" };

// Semantic Versioning 2.0.0, which npm requires: no "v", no leading zeros in
// numbers, not even in a pre-release's numeric parts.
const semver =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/** Ends the script with a one-line message and status 2. */
function fail(message) {
  process.stderr.write(`pack.mjs: ${message}\n`);
  process.exit(2);
}

/** The template at path (relative to this directory) with each {{key}} replaced by vars[key]. */
function fill(path, vars) {
  const text = readFileSync(join(here, path), "utf8").replace(/\{\{(\w+)\}\}/g, (whole, key) => {
    if (!Object.hasOwn(vars, key)) {
      fail(`${path}: no value for ${whole}`);
    }
    return vars[key];
  });
  if (path.endsWith(".json")) {
    JSON.parse(text); // a value that broke the JSON would otherwise reach npm
  }
  return text;
}

/**
 * Writes the package's files into out/name and packs it with npm into out, checking that the tarball holds
 * exactly the files meant: npm adds what a "files" pattern or an .npmignore
 * matches, and a mistake there would ship a broken or bloated package.
 * Returns the tarball's file name.
 */
function pack(out, name, files, executable) {
  const dir = join(out, name);
  for (const [name, write] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    write(join(dir, name));
  }
  // The destination is given relative to the package (one level up for
  // robotslint, two for @robotslint/cli-...), so no path of the machine
  // goes through the shell Windows needs for npm.cmd.
  const up = join(...name.split("/").map(() => ".."));
  const r = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", up], {
    cwd: dir,
    encoding: "utf8",
    shell: process.platform === "win32",
  });
  if (r.error) {
    fail(`cannot run npm: ${r.error.message}`);
  }
  if (r.status !== 0) {
    fail(`npm pack in ${dir} failed (status ${r.status}): ${r.stderr.trim().split("\n").pop()}`);
  }
  const [report] = JSON.parse(r.stdout);
  const got = report.files.map((f) => f.path).sort();
  const want = Object.keys(files).sort();
  if (got.join() !== want.join()) {
    fail(`${report.filename} holds ${got.join(", ")}; it should hold ${want.join(", ")}`);
  }
  for (const f of report.files) {
    const mode = f.path === executable ? 0o755 : 0o644;
    if (f.mode !== mode) {
      fail(`${report.filename}: ${f.path} has mode ${f.mode.toString(8)}, not ${mode.toString(8)}`);
    }
  }
  return report.filename;
}

const args = process.argv.slice(2);
let only;
if (args[0] === "--only" || args[0]?.startsWith("--only=")) {
  only = (args[0] === "--only" ? args.splice(0, 2)[1] : args.shift().slice("--only=".length)) ?? "";
  only = only.split(",");
}
const [dirArg, version, ...extra] = args;
if (!dirArg || !version || extra.length > 0 || dirArg.startsWith("-") || only?.includes("")) {
  fail("usage: node editors/npm/pack.mjs [--only PLATFORM,...] DIR VERSION (DIR the release directory, VERSION such as 1.2.3)");
}
if (!semver.test(version)) {
  fail(
    version.startsWith("v") && semver.test(version.slice(1))
      ? `the version is written without the v: ${version.slice(1)}`
      : `${version} is not a semantic version such as 1.2.3 or 1.2.3-rc.1, which npm needs`,
  );
}
const dir = resolve(dirArg);
const license = join(root, "LICENSE");

const launcher = JSON.parse(readFileSync(join(here, "robotslint", "package.json"), "utf8"));
const known = Object.keys(launcher.optionalDependencies);
const unknown = only?.filter((p) => !known.includes(`@robotslint/cli-${p}`)) ?? [];
if (unknown.length > 0) {
  fail(`--only: no platform ${unknown.join(", ")}; the platforms are ${known.map((n) => n.replace("@robotslint/cli-", "")).join(", ")}`);
}
const platforms = known.filter((name) => !only || only.includes(name.replace("@robotslint/cli-", ""))).map((name) => {
  const [, os, cpu] = /^@robotslint\/cli-(\w+)-(\w+)$/.exec(name) ?? [];
  if (!goos[os] || !goarch[cpu]) {
    fail(`robotslint/package.json: ${name} is no platform this script knows (add it to goos and goarch)`);
  }
  const binary = os === "win32" ? "robotslint.exe" : "robotslint";
  return { name, os, cpu, binary, from: join(dir, "bin", `${goos[os]}_${goarch[cpu]}`, binary) };
});

const missing = platforms.filter((p) => !existsSync(p.from)).map((p) => p.from);
if (missing.length > 0) {
  fail(`no binary at ${missing.join(", ")}: build the release into ${dir} first (go run ./cmd/release -out ${dir})`);
}

const out = join(dir, "npm");
rmSync(out, { recursive: true, force: true });
const tarballs = [];
for (const p of platforms) {
  const vars = { version, platform: `${p.os}-${p.cpu}`, os: p.os, cpu: p.cpu, binary: p.binary, system: `${systemName[p.os]} ${p.cpu}` };
  const bin = `bin/${p.binary}`;
  tarballs.push(
    pack(
      out,
      p.name,
      {
        "package.json": (to) => writeFileSync(to, fill("cli/package.json", vars)),
        "README.md": (to) => writeFileSync(to, fill("cli/README.md", vars)),
        LICENSE: (to) => copyFileSync(license, to),
        [bin]: (to) => {
          copyFileSync(p.from, to);
          chmodSync(to, 0o755);
        },
      },
      bin,
    ),
  );
}
tarballs.push(
  pack(
    out,
    "robotslint",
    {
      "package.json": (to) => writeFileSync(to, fill("robotslint/package.json", { version })),
      "README.md": (to) => copyFileSync(join(here, "robotslint", "README.md"), to),
      LICENSE: (to) => copyFileSync(license, to),
      "bin/robotslint.js": (to) => {
        copyFileSync(join(here, "robotslint", "bin", "robotslint.js"), to);
        chmodSync(to, 0o755);
      },
    },
    "bin/robotslint.js",
  ),
);
for (const t of tarballs) {
  process.stdout.write(`${join(out, t)}\n`);
}
