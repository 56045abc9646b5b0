package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCommandLine runs the command on command lines made of words from
// the scripts' and the help's, in a directory of robots.txt files: whatever
// the words, the command ends with a status of 0, 1 or 2 and never with an
// internal error (a recovered panic). URLs are left out, so that nothing
// waits on the network, lsp, which would serve standard input, and paths
// outside the directory.
func FuzzCommandLine(f *testing.F) {
	scripts, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*.txtar"))
	for _, script := range scripts {
		data, err := os.ReadFile(script)
		if err != nil {
			f.Fatal(err)
		}
		header, _ := parseArchive(f, string(data))
		for _, line := range strings.Split(header, "\n") {
			if value, ok := strings.CutPrefix(line, "args:"); ok {
				f.Add(strings.TrimSpace(value))
			}
		}
	}
	dir := f.TempDir()
	writeFiles(f, dir, exampleFixture)
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		testing := false
		for _, a := range args {
			testing = testing || a == "test"
		}
		for _, a := range args {
			// A path outside dir would have lint walk the machine; test
			// takes paths as URLs.
			outside := strings.HasPrefix(a, "/") && !testing || strings.Contains(a, "..")
			if outside || strings.Contains(a, ":") || strings.Contains(a, "lsp") || strings.ContainsRune(a, 0) {
				return
			}
		}
		t.Chdir(dir)
		var stdout, stderr bytes.Buffer
		status := run(args, strings.NewReader("User-agent: *\nDisalow: /x\n"), &stdout, &stderr)
		if status < 0 || status > 2 || strings.Contains(stderr.String(), "internal error") {
			t.Fatalf("robotslint %s: status %d\n%s", line, status, stderr.String())
		}
	})
}
