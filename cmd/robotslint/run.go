package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses.
const (
	exitClean    = 0 // nothing at or above the fail level
	exitFindings = 1 // something at or above it
	exitError    = 2 // usage error, unreadable file, internal error
)

const usage = `usage: robotslint [lint] [flags] [PATH | URL | -]...
       robotslint fmt [--check | --diff] [PATH | -]...
       robotslint test [flags] ROBOTS [URL...]
       robotslint diff [flags] OLD NEW
       robotslint lsp
       robotslint rules [--format text|json]
       robotslint explain [--color WHEN] RULE
       robotslint version
       robotslint help [COMMAND]

robotslint checks robots.txt files: the lines crawlers will ignore or
misread, and where Google, Bing, Yandex and RFC 9309 crawlers disagree.

Flags may come before or after the paths and URLs. "--" ends the flags:
an argument after it is a path or URL even if it starts with "-".

Commands:
  lint      lint files, directories or live sites (the default command)
  fmt       rewrite files in the canonical layout, changing no verdict
  test      say whether crawlers may fetch URLs, and which line decides
  diff      say what a robots.txt change does to crawlers' verdicts
  lsp       run the language server, for editors
  rules     list the rules
  explain   document one rule
  version   print the version
  help      print the usage of a command

Examples:
  robotslint                        lint ./robots.txt
  robotslint --fix public/          fix what is safe to fix under public/
  robotslint https://example.com    lint a live site's robots.txt
  robotslint test robots.txt /admin/ --agent Googlebot
  robotslint diff HEAD~1:robots.txt robots.txt
  robotslint explain misspelled-directive

Exit status: 0 nothing at or above the fail level (default warning), 1
something at or above it, 2 an error of the command itself (usage,
configuration, unreadable or unwritable file). "robotslint help lint" lists
the lint command's flags.
`

// run is the whole command, with its I/O passed in so tests can drive it.
// It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	// A bug must still end in one line and status 2, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "robotslint: internal error: %v (please report it)\n", r)
			status = exitError
		}
	}()
	if len(args) == 0 {
		return runLint(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "lint":
		return runLint(args[1:], stdin, stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "test":
		return runTest(args[1:], stdin, stdout, stderr)
	case "diff":
		return runDiff(args[1:], stdin, stdout, stderr)
	case "lsp":
		return runLSP(args[1:], stdin, stdout, stderr)
	case "rules":
		return runRules(args[1:], stdout, stderr)
	case "explain":
		return runExplain(args[1:], stdout, stderr)
	case "version":
		return runVersion(args[1:], stdout, stderr)
	case "help":
		return runHelp(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitClean
	case "-V", "-version", "--version":
		return runVersion(args[1:], stdout, stderr)
	}
	if command := mistypedCommand(args[0]); command != "" {
		return badUsage(stderr, "", fmt.Sprintf("there is no command or file named %q: did you mean \"robotslint %s\"?", args[0], command))
	}
	return runLint(args, stdin, stdout, stderr)
}

// commands are the command names, the first word of a command line.
var commands = []string{"lint", "fmt", "test", "diff", "lsp", "rules", "explain", "version", "help"}

// mistypedCommand returns the command arg was probably meant to be, or "".
// Without this, "robotslint tset robots.txt /" would lint the files tset,
// robots.txt and the whole tree under /. An argument that names an
// existing file, or looks like a path or URL, is taken as one: a file
// named "tests" can still be linted.
func mistypedCommand(arg string) string {
	if strings.ContainsAny(arg, "/.\\:") || strings.HasPrefix(arg, "-") {
		return ""
	}
	if _, err := os.Lstat(arg); err == nil {
		return ""
	}
	return nearestCommand(arg)
}

// nearestCommand returns the command whose name is closest to word, if one
// is close enough to be what was meant.
func nearestCommand(word string) string {
	within := 3
	if len(word) <= 3 {
		within = 2 // two edits turn any short word into "fmt" or "lsp"
	}
	return nearest(strings.ToLower(word), commands, within)
}

// runHelp prints the usage of the command named, or the overview.
func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	args, status, done := parseCommand("help", flag.NewFlagSet("robotslint help", flag.ContinueOnError), args, usage, stdout, stderr)
	switch {
	case done:
		return status
	case len(args) == 0:
		fmt.Fprint(stdout, usage)
		return exitClean
	case len(args) > 1:
		return badUsage(stderr, "help", "help takes one command")
	}
	switch args[0] {
	case "lint", "fmt", "test", "diff", "lsp", "rules", "explain", "version":
		// Each command prints its own usage for -h.
		return run([]string{args[0], "-h"}, stdin, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return exitClean
	}
	msg := fmt.Sprintf("no command is named %q", args[0])
	if near := nearestCommand(args[0]); near != "" {
		msg += fmt.Sprintf(": did you mean %q?", near)
	}
	return badUsage(stderr, "help", msg)
}

// badUsage reports a mistake on the command line of command ("" for
// lint) in one line, pointing to its usage, and returns exitError.
func badUsage(stderr io.Writer, command, msg string) int {
	name := "robotslint"
	if command != "" {
		name += " " + command
	}
	fmt.Fprintf(stderr, "%s: %s (see %s -h)\n", name, msg, name)
	return exitError
}

// readInput reads the file at path, or stdin for "-".
func readInput(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		src, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("cannot read standard input: %v", err)
		}
		return src, nil
	}
	info, err := os.Stat(path)
	if err == nil && info.IsDir() {
		return nil, fmt.Errorf("cannot read %s: it is a directory", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, pathErrText(err))
	}
	return src, nil
}
