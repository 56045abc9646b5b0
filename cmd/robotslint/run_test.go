package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestScripts runs the command scripts in testdata/cli. A script is a
// txtar-style archive: a header of "args:" (the command line, split as a
// shell splits it: "..." and '...' quote) and "exit:" (the status), then files. A file named "stdin" is
// the standard input; "stdout" and "stderr" are the expected output; a
// name ending in ".q" holds a Go-quoted string, so that CR, BOM and NUL
// bytes can be spelled out, and is written without the suffix. A file
// named "after/NAME" is what NAME must hold once the command has run (for
// --fix and fmt). Every other file is written into the directory the
// command runs in.
func TestScripts(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*.txtar"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, script := range scripts {
		script, _ = filepath.Abs(script) // the command runs in another directory
		t.Run(strings.TrimSuffix(filepath.Base(script), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			header, files := parseArchive(t, string(data))
			var args []string
			wantExit := -1
			for _, line := range strings.Split(header, "\n") {
				switch key, value, _ := strings.Cut(line, ":"); key {
				case "args":
					if args, err = splitCommandLine(value); err != nil {
						t.Fatalf("args: %v", err)
					}
				case "exit":
					if wantExit, err = strconv.Atoi(strings.TrimSpace(value)); err != nil {
						t.Fatalf("exit: %v", err)
					}
				}
			}
			if wantExit < 0 {
				t.Fatal("the script has no exit: line")
			}
			dir := t.TempDir()
			want := map[string]string{"stdout": "", "stderr": ""}
			after := map[string]string{}
			var stdin string
			for name, content := range files {
				switch name {
				case "stdout", "stderr":
					want[name] = content
					continue
				case "stdin":
					stdin = content
					continue
				}
				if strings.HasSuffix(name, ".q") {
					name = strings.TrimSuffix(name, ".q")
					if content, err = strconv.Unquote(strings.TrimSpace(content)); err != nil {
						t.Fatalf("%s.q: %v", name, err)
					}
				}
				if rest, ok := strings.CutPrefix(name, "after/"); ok {
					after[rest] = content
					continue
				}
				writeFiles(t, dir, map[string]string{name: content})
			}
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			got := run(args, strings.NewReader(stdin), &stdout, &stderr)
			if got != wantExit {
				t.Errorf("exit status %d, want %d", got, wantExit)
			}
			if *update {
				rewriteOutputs(t, script, data, stdout.String(), stderr.String())
				return
			}
			if stdout.String() != want["stdout"] {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want["stdout"])
			}
			if stderr.String() != want["stderr"] {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), want["stderr"])
			}
			for name, content := range after {
				if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != content {
					t.Errorf("%s after the command: %q (%v), want %q", name, got, err, content)
				}
			}
		})
	}
}

var update = flag.Bool("update", false, "rewrite the expected output of the command scripts")

// rewriteOutputs replaces a script's stdout and stderr files with what the
// command printed; an empty output has no file.
func rewriteOutputs(t *testing.T, script string, data []byte, stdout, stderr string) {
	text := string(data)
	for _, name := range []string{"stdout", "stderr"} {
		marker := "-- " + name + " --\n"
		if i := strings.Index(text, marker); i >= 0 {
			end := strings.Index(text[i+len(marker):], "\n-- ")
			if end < 0 {
				text = text[:i]
			} else {
				text = text[:i] + text[i+len(marker)+end+1:]
			}
		}
	}
	if stdout != "" {
		text += "-- stdout --\n" + stdout
	}
	if stderr != "" {
		text += "-- stderr --\n" + stderr
	}
	if err := os.WriteFile(script, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// parseArchive splits a txtar archive into its header and its files.
func parseArchive(t testing.TB, data string) (header string, files map[string]string) {
	files = map[string]string{}
	name := ""
	var b strings.Builder
	flush := func() {
		if name == "" {
			header = b.String()
		} else {
			files[name] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
			flush()
			name = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
			if _, dup := files[name]; dup {
				t.Fatalf("file %s twice", name)
			}
			continue
		}
		b.WriteString(line)
	}
	flush()
	return header, files
}

// TestVersionFlags: --version and -V, which users try first, say what
// "robotslint version" says.
func TestVersionFlags(t *testing.T) {
	var want bytes.Buffer
	if status := run([]string{"version"}, nil, &want, &want); status != exitClean {
		t.Fatalf("version: status %d", status)
	}
	for _, args := range [][]string{{"--version"}, {"-V"}, {"-version"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr); status != exitClean || stdout.String() != want.String() || stderr.Len() > 0 {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 0, %q", args[0], status, stdout.String(), stderr.String(), want.String())
		}
	}
}
