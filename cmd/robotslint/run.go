package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Exit statuses.
const (
	exitClean    = 0 // nothing to report
	exitFindings = 1 // some file has an invalid line
	exitError    = 2 // usage error, unreadable file, internal error
)

const usage = `usage: robotslint [lint] [--config FILE | --no-config] [--profile LIST] [FILE | -]...
       robotslint test [flags] ROBOTS [URL...]
       robotslint rules [--format text|json]
       robotslint explain RULE

Lints robots.txt files: reports, as path:line:column: severity: message
[rule], the lines crawlers will ignore or misread and where they disagree.
With no FILE, reads ./robots.txt; "-" reads standard input. The
configuration is the nearest .robotslint.toml above each file, or --config;
--profile sets the crawlers the site cares about (default
google,bing,yandex,rfc9309; add legacy for the 1994 standard).

"robotslint test" says whether crawlers may fetch URLs (see
robotslint test -h). "robotslint rules" lists the rules and "robotslint
explain RULE" documents one.

Exit status: 0 nothing at warning or above, 1 some warning or error, 2 an
error of the command itself (usage, configuration, unreadable file).
`

// run is the whole command, with its I/O passed in so tests can drive it.
// It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	// A bug must still end in one line and status 2, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "robotslint: internal error: %v\n", r)
			status = exitError
		}
	}()

	if len(args) > 0 {
		switch args[0] {
		case "test":
			return runTest(args[1:], stdin, stdout, stderr)
		case "rules":
			return runRules(args[1:], stdout, stderr)
		case "explain":
			return runExplain(args[1:], stdout, stderr)
		}
	}

	if len(args) > 0 && args[0] == "lint" {
		args = args[1:]
	}
	flags := flag.NewFlagSet("robotslint", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	var opt lintOptions
	flags.StringVar(&opt.config, "config", "", "")
	flags.BoolVar(&opt.noConfig, "no-config", false, "")
	flags.StringVar(&opt.profiles, "profile", "", "")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitClean
		}
		fmt.Fprintf(stderr, "robotslint: %v (see robotslint -h)\n", err)
		return exitError
	}
	paths := flags.Args()
	if len(paths) == 0 {
		paths = []string{"robots.txt"}
	}
	return runLint(paths, opt, stdin, stdout, stderr)
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
	src, err := os.ReadFile(path)
	if err != nil {
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return nil, fmt.Errorf("cannot read %s: %v", path, err)
	}
	return src, nil
}
