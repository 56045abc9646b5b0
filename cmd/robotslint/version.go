package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

const versionUsage = `usage: robotslint version

Prints robotslint's version: the module version "go install" recorded, or
the commit it was built from, and the Go version.

Example:
  robotslint version
`

// runVersion is "robotslint version".
func runVersion(args []string, stdout, stderr io.Writer) int {
	args, status, done := parseCommand("version", flag.NewFlagSet("robotslint version", flag.ContinueOnError), args, versionUsage, stdout, stderr)
	switch {
	case done:
		return status
	case len(args) > 0:
		return badUsage(stderr, "version", "version takes no arguments")
	}
	fmt.Fprintln(stdout, "robotslint "+versionString())
	return exitClean
}

// versionString describes this build: "v1.2.0 (go1.26.8)", or for a build
// from a checkout "devel 1a2b3c4d5e6f+dirty 2026-11-21T03:30:00Z (go1.26.8)".
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	v := moduleVersion()
	var parts []string
	parts = append(parts, v)
	if v == "devel" {
		var rev, at string
		var dirty bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if dirty {
				rev += "+dirty"
			}
			parts = append(parts, rev)
		}
		if at != "" {
			parts = append(parts, at)
		}
	}
	return strings.Join(parts, " ") + " (" + info.GoVersion + ")"
}

// moduleVersion is the release version: the one set at link time, else the
// module version "go install" recorded, else "devel".
func moduleVersion() string {
	if version != "devel" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return version
}
