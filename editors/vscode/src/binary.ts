// Finding the robotslint binary. No vscode import, so the tests can run it.

import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The command that installs robotslint. */
export const installCommand = "go install github.com/robotslint/robotslint/cmd/robotslint@latest";

/** Where the installation instructions are. */
export const installURL = "https://github.com/robotslint/robotslint#installing";

/** Where to look, and what with. */
export interface Lookup {
  /** The robotslint.path setting; empty for none. */
  configured: string;
  /** The first workspace folder's path, for a relative setting. */
  workspaceFolder?: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The user's home directory, for ~/go/bin; the real one if not given. */
  home?: string;
}

/** The result: the binary's path, or where it was looked for. */
export type Found = { path: string } | { path?: undefined; searched: string[] };

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

function expandHome(path: string): string {
  return path === "~" || path.startsWith("~/") || path.startsWith("~\\") ? join(homedir(), path.slice(1)) : path;
}

/**
 * Finds the binary: the configured path if set (it must then exist), else
 * robotslint on PATH, else where `go install` puts it ($GOBIN,
 * $GOPATH/bin, ~/go/bin), which is often not on the PATH that an editor
 * started from a desktop sees.
 */
export async function findBinary(lookup: Lookup): Promise<Found> {
  const { configured, env, platform } = lookup;
  if (configured.trim() !== "") {
    let path = expandHome(configured.trim());
    if (!isAbsolute(path) && lookup.workspaceFolder) {
      path = resolve(lookup.workspaceFolder, path);
    }
    return (await executable(path, platform)) ? { path } : { searched: [path] };
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
  const searched: string[] = [];
  for (const dir of [...dirs, ...goDirs]) {
    for (const name of names) {
      const path = join(dir, name);
      if (searched.includes(path)) {
        continue;
      }
      searched.push(path);
      if (await executable(path, platform)) {
        return { path };
      }
    }
  }
  return { searched };
}
