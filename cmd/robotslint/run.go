package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/robotslint/robotslint/syntax"
)

// Exit statuses.
const (
	exitClean    = 0 // nothing to report
	exitFindings = 1 // some file has an invalid line
	exitError    = 2 // usage error, unreadable file, internal error
)

const usage = `usage: robotslint [FILE | -]...
       robotslint test [flags] ROBOTS [URL...]
       robotslint rules [--format text|json]
       robotslint explain RULE

Reports each line of a robots.txt file that no crawler can read as a
directive, as path:line:column: message. With no FILE, reads ./robots.txt;
"-" reads standard input.

"robotslint test" says whether crawlers may fetch URLs (see
robotslint test -h). "robotslint rules" lists the rules and "robotslint
explain RULE" documents one.

Exit status: 0 no invalid line, 1 some invalid line, 2 an error.
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

	flags := flag.NewFlagSet("robotslint", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
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

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status = exitClean
	for _, path := range paths {
		src, err := readInput(path, stdin)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "robotslint: %v\n", err)
			status = exitError
			continue
		}
		if reportInvalidLines(out, path, syntax.Parse(src)) > 0 && status == exitClean {
			status = exitFindings
		}
	}
	return status
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

// reportInvalidLines prints each line of f that is not a directive and
// returns how many there are.
func reportInvalidLines(w io.Writer, path string, f *syntax.File) int {
	n := 0
	for _, fact := range f.Facts {
		var msg string
		switch fact.Kind {
		case syntax.FactNoSeparator:
			msg = `not a directive: no ":" after a name, so crawlers ignore this line`
		case syntax.FactEmptyKey:
			msg = `not a directive: no name before the ":", so crawlers ignore this line`
		default:
			continue
		}
		pos := f.LineIndex().Position(fact.Span.Start)
		if path == "-" {
			path = "<stdin>"
		}
		fmt.Fprintf(w, "%s:%d:%d: %s\n", path, pos.Line, pos.Column, msg)
		n++
	}
	return n
}
