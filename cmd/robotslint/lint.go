package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// lintOptions are the flags of the lint command.
type lintOptions struct {
	config   string // --config: the configuration file to use
	noConfig bool   // --no-config: use none, not even a found one
	profiles string // --profile: the target profiles, comma-separated
}

// runLint lints each file and prints its diagnostics as
// path:line:column: severity: message [rule]. The status is 1 when some
// diagnostic is a warning or an error.
func runLint(paths []string, opt lintOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := exitClean
	var fixed *lint.Config
	if opt.config != "" {
		cfg, err := loadConfig(opt.config)
		if err != nil {
			fmt.Fprintf(stderr, "robotslint: %v\n", err)
			return exitError
		}
		fixed = cfg
	}
	for _, path := range paths {
		cfg := fixed
		if cfg == nil && !opt.noConfig {
			found, err := findConfig(path)
			if err != nil {
				out.Flush()
				fmt.Fprintf(stderr, "robotslint: %v\n", err)
				status = exitError
				continue
			}
			cfg = found
		}
		if opt.profiles != "" {
			targets, err := parseProfiles(opt.profiles)
			if err != nil {
				fmt.Fprintf(stderr, "robotslint: %v (see robotslint -h)\n", err)
				return exitError
			}
			if cfg == nil {
				cfg = &lint.Config{}
			} else {
				copied := *cfg
				cfg = &copied
			}
			cfg.Targets = targets
		}
		src, err := readInput(path, stdin)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "robotslint: %v\n", err)
			status = exitError
			continue
		}
		f := syntax.Parse(src)
		name := path
		if path == "-" {
			name = "<stdin>"
		}
		for _, d := range lint.LintFile(f, rules.All(), cfg) {
			pos := f.LineIndex().Position(d.Span.Start)
			fmt.Fprintf(out, "%s:%d:%d: %s: %s [%s]\n", name, pos.Line, pos.Column, d.Severity, d.Message, d.Rule)
			if d.Severity <= lint.Warning && status == exitClean {
				status = exitFindings
			}
		}
	}
	return status
}

// parseProfiles reads --profile: profile names separated by commas.
func parseProfiles(list string) ([]*match.Profile, error) {
	var targets []*match.Profile
	for _, name := range strings.Split(list, ",") {
		p := match.LookupProfile(strings.TrimSpace(name))
		if p == nil {
			return nil, fmt.Errorf("unknown profile %q in --profile", name)
		}
		targets = append(targets, p)
	}
	return targets, nil
}

// loadConfig reads and checks a configuration file.
func loadConfig(path string) (*lint.Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return nil, fmt.Errorf("cannot read %s: %v", path, err)
	}
	cfg, err := lint.ParseConfig(data, rules.All())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return cfg, nil
}

// findConfig returns the configuration for the file at path: the nearest
// .robotslint.toml in its directory or a parent, or nil when there is none.
// Standard input is looked up from the working directory.
func findConfig(path string) (*lint.Config, error) {
	dir := "."
	if path != "-" {
		dir = filepath.Dir(path)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil
	}
	for {
		candidate := filepath.Join(dir, lint.ConfigFileName)
		if _, err := os.Stat(candidate); err == nil {
			// Name it as the user would, relative to where they are.
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, candidate); err == nil && !strings.HasPrefix(rel, "..") {
					candidate = rel
				}
			}
			return loadConfig(candidate)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
}
