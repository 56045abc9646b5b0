package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// parseFlags parses a command's arguments against flags and returns the
// positional arguments, in order.
//
// Flags may come before, between and after the positional arguments, as
// users of ruff, eslint and go vet type them ("robotslint robots.txt
// --format json"); Go's flag package would stop at the first positional
// argument and read the rest as paths or URLs. "--" ends the flags; after
// it, every argument is positional. "-" alone is positional (standard
// input). Any other argument that starts with "-" must be a flag of the
// command: an unknown one is an error, never a file name or a URL, so
// that a typo cannot turn into a path that is linted, tested or written.
//
// A flag is written -name or --name; a value follows as --name=value or
// as the next argument, whatever it looks like (--stdin-filename -). A
// boolean flag takes a value only after "=". -h, -help and --help return
// flag.ErrHelp unless the command defines them.
//
// A small parser over flag.FlagSet rather than a library such as pflag:
// the commands keep the flag.FlagSet they declare their flags with, and
// the rules above (no short-flag clusters, no abbreviations, both dash
// styles) are all robotslint needs.
func parseFlags(flags *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return append(positional, args[i+1:]...), nil
		}
		if len(arg) < 2 || arg[0] != '-' {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(arg[1:], "-"), "=")
		f := flags.Lookup(name)
		if f == nil {
			if name == "h" || name == "help" {
				return nil, flag.ErrHelp
			}
			return nil, unknownFlag(flags, arg, name)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if !hasValue {
				value = "true"
			}
		} else if !hasValue {
			if i+1 == len(args) {
				return nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if value == "" && !emptyAllowed[name] {
			// Mostly an unset shell variable ("--config $CFG"): going on
			// would mean the default, silently.
			return nil, fmt.Errorf("--%s is empty", name)
		}
		if err := flags.Set(name, value); err != nil {
			return nil, fmt.Errorf("invalid value %q for --%s: %v", value, name, flagValueError(f, value, err))
		}
	}
	return positional, nil
}

// emptyAllowed are the flags for which an empty value means something:
// test --agent "" asks about a crawler that sends no name.
var emptyAllowed = map[string]bool{"agent": true}

// parseCommand parses the arguments of command ("fmt"; "" for lint) with
// parseFlags. It prints usage for -h and reports a mistake in one line;
// then done is true and status is the exit status.
func parseCommand(command string, flags *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (positional []string, status int, done bool) {
	positional, err := parseFlags(flags, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return nil, exitClean, true
	case err != nil:
		return nil, badUsage(stderr, command, err.Error()), true
	}
	return positional, exitClean, false
}

// unknownFlag describes an argument that looks like a flag but is none of
// the command's, suggesting the nearest flag, and the way to pass a path
// or URL that starts with "-".
func unknownFlag(flags *flag.FlagSet, arg, name string) error {
	var names []string
	flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if best := nearest(name, names, 3); best != "" {
		return fmt.Errorf("unknown flag %s: did you mean --%s?", arg, best)
	}
	return fmt.Errorf("unknown flag %s", arg)
}

// flagValueError says what a flag takes, where the flag package would
// say only "parse error".
func flagValueError(f *flag.Flag, value string, err error) string {
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	switch getter.Get().(type) {
	case time.Duration:
		if _, err := strconv.ParseFloat(value, 64); err == nil {
			return fmt.Sprintf("a duration needs a unit: did you mean %ss?", value)
		}
		return "use a duration such as 10s, 1m30s or 500ms"
	case bool:
		return "use true or false"
	case int, int64:
		return "use a whole number such as 50000"
	}
	return err.Error()
}
