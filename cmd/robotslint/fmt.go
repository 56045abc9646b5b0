package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/robotslint/robotslint/lint/format"
)

const fmtUsage = `usage: robotslint fmt [--check | --diff] [PATH | -]...

Rewrites robots.txt files in the canonical layout: directive names in
their usual case, one space after the colon, no indentation or trailing
whitespace, a comment one space after its value, single blank lines, one
blank line between groups, the file's line endings kept. Formatting changes
no crawler's verdict: a blank line is only added or removed where no
crawler groups lines differently for it, and a line that crawlers read in
different ways (no colon, a NUL or control character, an over-long line,
text past 500 KiB) is left as it is.

With no PATH, formats ./robots.txt. A directory means every file named
robots.txt below it; "-" reads standard input and writes the formatted
text to standard output. Each file that changes is rewritten in place
(through a symbolic link, to its target) and named on standard output.

Flags:
  --check   write nothing; name each file that would change ("would
            reformat PATH"); exit 1 if any would
  --diff    write nothing; print a unified diff of each file that would
            change; exit 1 if any would

Examples:
  robotslint fmt                        format ./robots.txt
  robotslint fmt public/                format every robots.txt under public/
  robotslint fmt --check .              fail a CI job on an unformatted file
  robotslint fmt --diff robots.txt      show what formatting would change
  robotslint fmt - < in.txt > out.txt   format standard input

Exit status: 0 done or nothing to change, 1 with --check or --diff when
some file would change, 2 an error (usage, a file that cannot be read or
written: that file is left as it was).
`

// runFmt is the fmt command.
func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("robotslint fmt", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	check := flags.Bool("check", false, "")
	diff := flags.Bool("diff", false, "")
	args, status, done := parseCommand("fmt", flags, args, fmtUsage, stdout, stderr)
	if done {
		return status
	}
	if *check && *diff {
		return badUsage(stderr, "fmt", "--check and --diff cannot be used together")
	}
	if len(args) == 0 {
		args = []string{robotsFileName}
	}

	status = exitClean
	fail := func(err error) {
		fmt.Fprintf(stderr, "robotslint: %v\n", err)
		status = exitError
	}
	inputs, errs := fmtInputs(args)
	for _, err := range errs {
		fail(err)
	}
	// Formatted standard input is what standard output carries, so that it
	// can be piped on; the names of the files rewritten then go to
	// standard error.
	notices := stdout
	if !*check && !*diff && slices.Contains(inputs, "-") {
		notices = stderr
	}
	changed := false
	for _, in := range inputs {
		c, err := formatInput(in, stdin, *check, *diff, stdout, notices)
		if err != nil {
			fail(err)
		}
		changed = changed || c
	}
	if status == exitClean && changed {
		status = exitFindings
	}
	return status
}

// fmtInputs returns the files fmt formats: the arguments, with
// directories expanded to the robots.txt files under them. A URL, or an
// argument that cannot be expanded, is an error that stops only itself.
func fmtInputs(args []string) ([]string, []error) {
	var paths []string
	var errs []error
	for _, arg := range args {
		if isURL(arg) {
			errs = append(errs, fmt.Errorf("fmt needs a file, not a URL: %s", arg))
			continue
		}
		paths = append(paths, arg)
	}
	inputs, expandErrs := expandInputs(paths)
	return inputs, append(errs, expandErrs...)
}

// formatInput formats one input: with check, it says whether the input
// would change; with diff, it prints the change; otherwise it rewrites the
// file, or prints formatted standard input. changed reports a change that
// --check or --diff found.
func formatInput(in string, stdin io.Reader, check, diff bool, stdout, notices io.Writer) (changed bool, err error) {
	src, err := readInput(in, stdin)
	if err != nil {
		return false, err
	}
	out := format.Format(src)
	name := in
	if in == "-" {
		name = "<stdin>"
	}
	switch {
	case check:
		if !bytes.Equal(src, out) {
			fmt.Fprintf(stdout, "would reformat %s\n", name)
			return true, nil
		}
	case diff:
		if d := unifiedDiff(name, src, out); d != "" {
			io.WriteString(stdout, d)
			return true, nil
		}
	case in == "-":
		stdout.Write(out)
	case !bytes.Equal(src, out):
		if err := writeFileAtomic(in, out); err != nil {
			return false, err
		}
		fmt.Fprintf(notices, "formatted %s\n", in)
	}
	return false, nil
}
