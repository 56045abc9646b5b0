// Command release builds robotslint's release files from the commit checked
// out: a binary for each platform users run robotslint on, cross-compiled
// without cgo, in a .tar.gz (a .zip for Windows) with the licence and the
// README, a SHA-256 checksum file, and an SPDX software bill of materials
// listing the Go modules compiled in.
//
//	go run ./cmd/release -out dist                  # version from the tag, or a pseudo-version
//	go run ./cmd/release -out dist -version 1.2.3   # an explicit version
//	go run ./cmd/release -check dist                # verify a release directory
//
// The files are reproducible: two builds of the same commit with the same
// Go release are byte for byte identical, wherever and whenever they run.
// The binaries are built with -trimpath and an empty build ID, and every
// time stamp written (archive entries, the bill of materials) is the
// commit's. .ci/release packages the same binaries for npm and VS Code.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

const usage = `usage: go run ./cmd/release -out DIR [-version V] [-platforms LIST] [-allow-dirty]
       go run ./cmd/release -check DIR

Builds robotslint for every release platform from the commit checked out and
writes into DIR:
  robotslint_V_OS_ARCH.tar.gz (.zip on windows)  the binary, LICENSE, README.md
  robotslint_V_checksums.txt                      SHA-256 of every file, as sha256sum prints it
  robotslint_V_sbom.spdx.json                     the Go modules compiled in (SPDX 2.3)
  bin/OS_ARCH/robotslint[.exe]                    the binaries, for the npm and VS Code packages

V is the version without its "v": -version, else the commit's vMAJOR.MINOR.PATCH
tag, else a pseudo-version 0.0.0-DATE-COMMIT. -check verifies every file of DIR
against its checksum file and every archive's contents.

Flags:
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "the directory to write the release into; it must be empty or absent")
	version := fs.String("version", "", "the version to stamp, such as 1.2.3 (default: from the commit's tag)")
	platforms := fs.String("platforms", strings.Join(platformNames(defaultPlatforms), ","), "the platforms to build, as OS/ARCH pairs separated by commas")
	allowDirty := fs.Bool("allow-dirty", false, "build from a working tree with uncommitted changes (the binaries then say +dirty and are not reproducible)")
	check := fs.String("check", "", "verify the release in this directory instead of building one")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *check != "" {
		if *out != "" {
			fmt.Fprintln(stderr, "release: -check and -out do not go together")
			return 2
		}
		report, err := checkRelease(*check)
		if err != nil {
			fmt.Fprintf(stderr, "release: %s: %v\n", *check, err)
			return 1
		}
		fmt.Fprint(stdout, report)
		return 0
	}
	if *out == "" {
		fmt.Fprintln(stderr, "release: -out DIR is required (or -check DIR)")
		return 2
	}
	plats, err := parsePlatforms(*platforms)
	if err != nil {
		fmt.Fprintf(stderr, "release: -platforms: %v\n", err)
		return 2
	}
	if err := build(buildConfig{out: *out, version: *version, platforms: plats, allowDirty: *allowDirty, log: stderr}); err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	report, err := checkRelease(*out)
	if err != nil {
		fmt.Fprintf(stderr, "release: the release just written does not check: %v\n", err)
		return 1
	}
	fmt.Fprint(stdout, report)
	return 0
}

// emptyDir makes dir, or accepts it if it exists and is empty: a release
// directory holding files from an older build would mix them in.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s is not empty: give a new directory, or delete its files first", filepath.Clean(dir))
	}
	return nil
}
