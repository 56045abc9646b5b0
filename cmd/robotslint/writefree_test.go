package main

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWriteFreeFlagsNeverWrite runs every command with each of its flags
// that promise not to write, in every position among the positional
// arguments, and checks that no file's bytes or modification time
// change. A flag misread as a path once made "fmt robots.txt --check"
// rewrite the file before failing.
func TestWriteFreeFlagsNeverWrite(t *testing.T) {
	files := map[string]string{
		// Unformatted, with safe and unsafe fixes: anything that writes
		// would change it.
		"robots.txt":      "user-agent: *\ndisalow:/private\nDisallow: /a\nDisallow: /a\n",
		"site/robots.txt": "User-agent: *\n  Disallow:/tmp\n",
		"urls.txt":        "/private\n/a\n",
		"robots.expect":   "allow Googlebot /\n",
	}
	commands := []struct {
		name       string   // the command word, "" for lint without it
		positional []string // the positional arguments
		flags      [][]string
	}{
		{"", []string{"robots.txt", "site"}, [][]string{
			{"--diff"}, {"--diff", "--unsafe-fixes"}, {"--unsafe-fixes", "--diff"}, {"--format", "json"},
			{"--format=sarif"}, {"--fail-level", "none"}, {"--no-config"}, {"--profile", "google,bing"},
		}},
		{"lint", []string{"robots.txt", "site"}, [][]string{{"--diff"}, {"--format", "github"}}},
		{"fmt", []string{"robots.txt", "site"}, [][]string{{"--check"}, {"--diff"}, {"-check"}, {"--diff=true"}}},
		{"test", []string{"robots.txt", "/private", "/a"}, [][]string{
			{"--agent", "Googlebot"}, {"--profile", "all"}, {"--format", "json"}, {"--urls", "urls.txt"},
			{"--expect", "robots.expect"},
		}},
		{"rules", nil, [][]string{{"--format", "json"}}},
		{"explain", []string{"misspelled-directive"}, [][]string{{"-h"}}},
		{"help", []string{"fmt"}, [][]string{{"-h"}}},
		{"version", nil, [][]string{{"-h"}}},
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	for name := range files {
		// An old time, so that a rewrite with the same bytes shows too.
		old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
		if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, dir)
	t.Chdir(dir)
	for _, c := range commands {
		for _, flags := range c.flags {
			for at := 0; at <= len(c.positional); at++ {
				args := slices.Concat(c.positional[:at], flags, c.positional[at:])
				if c.name != "" {
					args = append([]string{c.name}, args...)
				}
				var stdout, stderr bytes.Buffer
				status := run(args, strings.NewReader(""), &stdout, &stderr)
				if status == exitError {
					t.Errorf("robotslint %s: status 2: %s", strings.Join(args, " "), stderr.String())
				}
				if after := snapshot(t, dir); !maps.EqualFunc(before, after, sameFile) {
					t.Fatalf("robotslint %s changed files:\nbefore %v\nafter  %v", strings.Join(args, " "), before, after)
				}
			}
		}
	}
}

// fileState is what a write would change.
type fileState struct {
	content string
	modTime time.Time
}

func sameFile(a, b fileState) bool { return a.content == b.content && a.modTime.Equal(b.modTime) }

// snapshot records every file under dir.
func snapshot(t *testing.T, dir string) map[string]fileState {
	t.Helper()
	out := map[string]fileState{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[path] = fileState{string(data), info.ModTime()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
