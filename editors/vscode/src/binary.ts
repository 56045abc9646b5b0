// Finding the robotslint binary. No vscode import, so the tests can run it.

import { constants } from "node:fs";
import { access, chmod, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** Where the installation instructions are. */
export const installURL = "https://github.com/robotslint/robotslint#installing";

/** Where the release archives are, for every system robotslint is built for. */
export const downloadURL = "https://github.com/robotslint/robotslint/releases/latest";

/** The command that builds and installs robotslint with Go: the last resort. */
export const goInstallCommand = "go install github.com/robotslint/robotslint/cmd/robotslint@latest";

/** The command that installs robotslint from npm, with its binary for the system. */
export const npmInstallCommand = "npm install -g robotslint";

/**
 * The systems a release, the npm package and a platform-specific .vsix carry
 * a binary for, as Node names them (process.platform-process.arch).
 */
export const prebuiltTargets: readonly string[] = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64", "win32-arm64"];

/** The file name of the binary on a system. */
export function binaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "robotslint.exe" : "robotslint";
}

/**
 * Where a platform-specific package of the extension carries its binary
 * (scripts/package-platforms.mjs puts it there); the universal package has
 * none.
 */
export function bundledPath(extensionDir: string, platform: NodeJS.Platform): string {
  return join(extensionDir, "bin", binaryName(platform));
}

/** Where to look, and what with. */
export interface Lookup {
  /** The robotslint.path setting; empty for none. */
  configured: string;
  /** The first workspace folder's path, for a relative setting. */
  workspaceFolder?: string;
  /** The binary this package of the extension carries, if it may carry one. */
  bundled?: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The user's home directory, for ~/go/bin; the real one if not given. */
  home?: string;
}

/** Which step of the lookup found the binary. */
export type Source = "setting" | "bundled" | "search";

/** The result: the binary's path and how it was found, or where it was looked for. */
export type Found = { path: string; source: Source } | { path?: undefined; searched: string[] };

async function executable(path: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) {
      return false;
    }
    await access(path, platform === "win32" ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the bundled binary can run, making it executable if it is not:
 * VS Code keeps the mode vsce stores, but a .vsix packed on Windows or
 * unpacked by another tool may have lost it. Only the extension's own file
 * is changed, never one the user installed.
 */
async function bundledExecutable(path: string, platform: NodeJS.Platform): Promise<boolean> {
  if (await executable(path, platform)) {
    return true;
  }
  try {
    const st = await stat(path);
    if (!st.isFile()) {
      return false;
    }
    await chmod(path, st.mode | 0o111);
  } catch {
    return false;
  }
  return executable(path, platform);
}

function expandHome(path: string): string {
  return path === "~" || path.startsWith("~/") || path.startsWith("~\\") ? join(homedir(), path.slice(1)) : path;
}

/**
 * Finds the binary: the configured path if set (it must then exist: an
 * explicit choice wins and is never silently replaced); else the binary
 * this package of the extension carries, which is the version the
 * extension was released with; else robotslint on PATH, else where `go
 * install` puts it ($GOBIN, $GOPATH/bin, ~/go/bin), which is often not on
 * the PATH that an editor started from a desktop sees.
 */
export async function findBinary(lookup: Lookup): Promise<Found> {
  const { configured, env, platform } = lookup;
  if (configured.trim() !== "") {
    let path = expandHome(configured.trim());
    if (!isAbsolute(path) && lookup.workspaceFolder) {
      path = resolve(lookup.workspaceFolder, path);
    }
    return (await executable(path, platform)) ? { path, source: "setting" } : { searched: [path] };
  }
  const searched: string[] = [];
  if (lookup.bundled !== undefined) {
    if (await bundledExecutable(lookup.bundled, platform)) {
      return { path: lookup.bundled, source: "bundled" };
    }
    searched.push(lookup.bundled);
  }
  const names =
    platform === "win32"
      ? (env.PATHEXT ?? ".EXE").split(";").filter(Boolean).map((ext) => "robotslint" + ext.toLowerCase())
      : ["robotslint"];
  const dirs = (env.PATH ?? env.Path ?? "").split(delimiter).filter(Boolean);
  const goDirs: string[] = [];
  if (env.GOBIN) {
    goDirs.push(env.GOBIN);
  }
  for (const gopath of (env.GOPATH ?? "").split(delimiter).filter(Boolean)) {
    goDirs.push(join(gopath, "bin"));
  }
  goDirs.push(join(lookup.home ?? homedir(), "go", "bin"));
  for (const dir of [...dirs, ...goDirs]) {
    for (const name of names) {
      const path = join(dir, name);
      if (searched.includes(path)) {
        continue;
      }
      searched.push(path);
      if (await executable(path, platform)) {
        return { path, source: "search" };
      }
    }
  }
  return { searched };
}

/** What to tell a user who has no robotslint, and the ways offered to get it. */
export interface InstallAdvice {
  message: string;
  /** The release page, when robotslint is built for this system. */
  download?: string;
  /** A command to copy and run in a terminal. */
  command?: string;
}

/**
 * The advice when no binary was found, for a user who most likely has no
 * Go: a ready-made binary first (the release archives; npm where its
 * launcher can be run by the editor), building with Go only for a system no
 * release is built for. On Windows npm installs a .cmd launcher, which
 * Node (and so the language client) refuses to spawn without a shell, so
 * only the download is offered there.
 */
export function installAdvice(configured: string, platform: NodeJS.Platform, arch: string): InstallAdvice {
  const prebuilt = prebuiltTargets.includes(`${platform}-${arch}`);
  const restart = 'then run "robotslint: Restart Server"';
  if (configured.trim() !== "") {
    return {
      message: `robotslint: robotslint.path is set to "${configured}", which is not an executable file. Correct the setting, or clear it to let the extension find robotslint itself.`,
      download: prebuilt ? downloadURL : undefined,
    };
  }
  if (!prebuilt) {
    return {
      message: `robotslint: the robotslint program was not found on PATH or in Go's bin directory, and no ready-made robotslint is built for this system (${platform}-${arch}). Build it with Go 1.26 or later (${goInstallCommand}), ${restart}; or set robotslint.path.`,
      command: goInstallCommand,
    };
  }
  const npm = platform === "win32" ? "" : `, or install it with npm (${npmInstallCommand})`;
  return {
    message: `robotslint: the robotslint program was not found. This copy of the extension does not include it, and it is not on PATH. Download it for your system from the releases page${npm}, ${restart}; or set robotslint.path to where it is.`,
    download: downloadURL,
    command: platform === "win32" ? undefined : npmInstallCommand,
  };
}
