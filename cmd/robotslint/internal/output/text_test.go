package output

import (
	"bytes"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

func writeText(t *testing.T, files []File, opt TextOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteText(&b, files, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTextColor checks that colour comes only when asked for, and that
// without it nothing in the output is an escape sequence, not even one the
// linted file holds.
func TestTextColor(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\x1b[2Jb\n"
	f := fileOf("robots.txt", src,
		lint.Diagnostic{Rule: "e", Severity: lint.Error, Span: spanOf(t, src, "/a\x1b[2Jb"), Message: "quotes \x1b[31m the file"},
		lint.Diagnostic{Rule: "w", Severity: lint.Warning, Span: spanOf(t, src, "Disallow"), Message: "w",
			Related: []lint.Related{{Span: spanOf(t, src, "User-agent"), Message: "here"}}},
		lint.Diagnostic{Rule: "i", Severity: lint.Info, Span: spanOf(t, src, "Disallow"), Message: "i"},
		lint.Diagnostic{Rule: "h", Severity: lint.Hint, Span: spanOf(t, src, "Disallow"), Message: "h"},
	)

	plain := writeText(t, []File{f}, TextOptions{FixHint: true})
	if strings.Contains(plain, "\x1b") {
		t.Errorf("output without colour holds an escape character:\n%q", plain)
	}
	for _, want := range []string{`Disallow: /a\x1B[2Jb`, `quotes \x1B[31m the file`} {
		if !strings.Contains(plain, want) {
			t.Errorf("output without colour lacks %q:\n%s", want, plain)
		}
	}

	colored := writeText(t, []File{f}, TextOptions{Color: true})
	for _, want := range []string{
		"\x1b[1mrobots.txt:2:11:\x1b[0m",
		"\x1b[1;31merror:\x1b[0m",
		"\x1b[1;33mwarning:\x1b[0m",
		"\x1b[1;34minfo:\x1b[0m",
		"\x1b[1;36mhint:\x1b[0m",
		"\x1b[1mnote:\x1b[0m",
		"\x1b[1;32m^" + strings.Repeat("~", 9) + "\x1b[0m", // under /a\x1B[2Jb
	} {
		if !strings.Contains(colored, want) {
			t.Errorf("coloured output lacks %q:\n%q", want, colored)
		}
	}
	// Every style set is reset: there are as many codes that set as reset.
	if set, reset := strings.Count(colored, "\x1b["), strings.Count(colored, "\x1b[0m"); set != 2*reset {
		t.Errorf("coloured output leaves a style on (%d codes, %d resets):\n%q", set, reset, colored)
	}
}

// TestTextUnderline checks the source line and the underline under it:
// tabs, characters of several bytes and of two columns, escapes, empty and
// multi-line ranges.
func TestTextUnderline(t *testing.T) {
	tests := []struct {
		name, src, target string // the range is target's first occurrence in src
		empty             bool   // the range is empty, at target's start
		through           string // the range runs on to the end of this text
		line, caret       string // the source line and the caret line, after the gutter
	}{
		{name: "tab", src: "Disallow:\t/a/ /b/\n", target: "/a/ /b/",
			line: "Disallow:   /a/ /b/", caret: strings.Repeat(" ", 12) + "^" + strings.Repeat("~", 6)},
		{name: "tab after text", src: "Allow: /x\tDisallow: /y\n", target: "Disallow",
			line: "Allow: /x   Disallow: /y", caret: strings.Repeat(" ", 12) + "^" + strings.Repeat("~", 7)},
		{name: "two-byte character before", src: "Allow: /café/x\n", target: "x",
			line: "Allow: /café/x", caret: strings.Repeat(" ", 13) + "^"},
		{name: "wide characters before", src: "Allow: /日本/x\n", target: "x",
			line: "Allow: /日本/x", caret: strings.Repeat(" ", 13) + "^"},
		{name: "wide characters in range", src: "Allow: /日本/x\n", target: "日本",
			line: "Allow: /日本/x", caret: strings.Repeat(" ", 8) + "^~~~"},
		{name: "combining mark", src: "Allow: /cafe\u0301/x\n", target: "x",
			line: "Allow: /cafe\u0301/x", caret: strings.Repeat(" ", 13) + "^"},
		{name: "empty range", src: "Disallow: /a\n", target: "/a", empty: true,
			line: "Disallow: /a", caret: strings.Repeat(" ", 10) + "^"},
		{name: "range at end of line", src: "Disallow:\n", target: "\n", empty: true,
			line: "Disallow:", caret: strings.Repeat(" ", 9) + "^"},
		{name: "multi-line range", src: "Disallow: /a\nAllow: /b\n", target: "/a", through: "/b",
			line: "Disallow: /a", caret: strings.Repeat(" ", 10) + "^~"},
		{name: "control character", src: "Disallow: /a\x00b\n", target: "\x00",
			line: `Disallow: /a\x00b`, caret: strings.Repeat(" ", 12) + "^~~~"},
		{name: "invalid byte", src: "Disallow: /caf\xe9\n", target: "\xe9",
			line: `Disallow: /caf\xE9`, caret: strings.Repeat(" ", 14) + "^~~~"},
		{name: "byte order mark", src: "\ufeffUser-agent: *\n", target: "\ufeff",
			line: `\uFEFFUser-agent: *`, caret: "^" + strings.Repeat("~", 5)},
		{name: "after byte order mark", src: "\ufeffUser-agent: *\n", target: "*",
			line: `\uFEFFUser-agent: *`, caret: strings.Repeat(" ", 18) + "^"},
		{name: "last line without terminator", src: "Disallow: /a\nAllow: /b", target: "/b",
			line: "Allow: /b", caret: strings.Repeat(" ", 7) + "^~"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			span := spanOf(t, tt.src, tt.target)
			if tt.empty {
				span.End = span.Start
			}
			if tt.through != "" {
				span.End = spanOf(t, tt.src, tt.through).End
			}
			out := writeText(t, []File{fileOf("r.txt", tt.src, diagnostic(span, "m"))}, TextOptions{})
			lines := strings.Split(out, "\n")
			line, caret := strings.SplitN(lines[1], " | ", 2), strings.SplitN(lines[2], " | ", 2)
			if len(line) != 2 || len(caret) != 2 {
				t.Fatalf("no gutter in\n%s", out)
			}
			if line[1] != tt.line || caret[1] != tt.caret {
				t.Errorf("got\n%s\n%s\nwant\n%s\n%s", line[1], caret[1], tt.line, tt.caret)
			}
		})
	}
}

// TestTextLongLine checks that a long line is shortened around its range,
// with the caret still under the range's first character.
func TestTextLongLine(t *testing.T) {
	for _, at := range []int{0, 300, 600} {
		src := "Disallow: /" + strings.Repeat("a", at) + "TARGET" + strings.Repeat("b", 600-at) + "\n"
		out := writeText(t, []File{fileOf("r.txt", src, diagnostic(spanOf(t, src, "TARGET"), "m"))}, TextOptions{})
		lines := strings.Split(out, "\n")
		_, shown, _ := strings.Cut(lines[1], " | ")
		_, caret, _ := strings.Cut(lines[2], " | ")
		if n := len([]rune(shown)); n > maxShown {
			t.Errorf("at %d: shows %d columns, more than %d:\n%s", at, n, maxShown, shown)
		}
		if at > 0 && !strings.HasPrefix(shown, "...") {
			t.Errorf("at %d: the shortened start is not marked:\n%s", at, shown)
		}
		if at < 600 && !strings.HasSuffix(shown, "...") {
			t.Errorf("at %d: the shortened end is not marked:\n%s", at, shown)
		}
		if strings.Index(shown, "TARGET") != strings.Index(caret, "^") || !strings.HasSuffix(caret, "^~~~~~") {
			t.Errorf("at %d: the underline is not under the range:\n%s\n%s", at, shown, caret)
		}
	}
}

// TestTextRelated checks that each related place follows as a note.
func TestTextRelated(t *testing.T) {
	src := "User-agent: a\nDisallow: /x\nDisallow: /x\n"
	d := diagnostic(syntax.Span{Start: 27, End: 39}, "repeats line 2")
	d.Related = []lint.Related{{Span: spanOf(t, src, "Disallow"), Message: "first written here"}}
	out := writeText(t, []File{fileOf("site/robots.txt", src, d)}, TextOptions{})
	want := "site/robots.txt:3:1: error: repeats line 2 [test-rule]\n" +
		" 3 | Disallow: /x\n" +
		"   | ^" + strings.Repeat("~", 11) + "\n" +
		"  site/robots.txt:2:1: note: first written here\n\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%s\nwant it to start with\n%s", out, want)
	}
}

// TestTextSummary checks the summary line: counts, plurals and fix hints.
func TestTextSummary(t *testing.T) {
	src := "User-agent: *\nDisalow: /\n"
	at := syntax.Span{Start: 14, End: 21}
	of := func(s lint.Severity, fixes ...lint.Fix) lint.Diagnostic {
		return lint.Diagnostic{Rule: "r", Severity: s, Span: at, Message: "m", Fixes: fixes}
	}
	safe := lint.Fix{Title: "Rename to Disallow", Safe: true, Edits: []lint.Edit{{Span: at, NewText: "Disallow"}}}
	unsafe := lint.Fix{Title: "Delete the line", Edits: []lint.Edit{{Span: syntax.Span{Start: 14, End: 25}}}}
	file := func(diags ...lint.Diagnostic) File { return fileOf("robots.txt", src, diags...) }
	fixed := func(n int, f File) File { f.Fixed = n; return f }

	tests := []struct {
		name    string
		files   []File
		fixHint bool
		want    string
	}{
		{"no files", nil, false, "No problems found in 0 files."},
		{"one clean file", []File{file()}, false, "No problems found in 1 file."},
		{"three clean files", []File{file(), file(), file()}, true, "No problems found in 3 files."},
		{"one error", []File{file(of(lint.Error))}, false, "Found 1 problem (1 error) in 1 file."},
		{"errors and warnings in two files", []File{file(of(lint.Error), of(lint.Warning)), file(of(lint.Error), of(lint.Warning), of(lint.Warning))},
			false, "Found 5 problems (2 errors, 3 warnings) in 2 files."},
		{"info and hints in one of two files", []File{file(), file(of(lint.Warning), of(lint.Info), of(lint.Hint), of(lint.Hint))},
			false, "Found 4 problems (1 warning, 1 info, 2 hints) in 1 of 2 files."},
		{"fixable, not asked", []File{file(of(lint.Error, safe))}, false, "Found 1 problem (1 error) in 1 file."},
		{"fixable", []File{file(of(lint.Error, safe), of(lint.Error, safe, unsafe), of(lint.Warning, unsafe), of(lint.Info))},
			true, "Found 4 problems (2 errors, 1 warning, 1 info) in 1 file; 2 fixable with --fix, 1 more with --unsafe-fixes."},
		{"fixable by unsafe fixes only", []File{file(of(lint.Warning, unsafe))},
			true, "Found 1 problem (1 warning) in 1 file; 1 fixable with --unsafe-fixes."},
		{"all fixed", []File{fixed(2, file()), file()}, true, "No problems left in 2 files; 2 fixed."},
		{"some fixed", []File{fixed(1, file(of(lint.Warning, unsafe))), fixed(2, file())},
			true, "Found 1 problem (1 warning) in 1 of 2 files; 3 fixed, 1 fixable with --unsafe-fixes."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := writeText(t, tt.files, TextOptions{FixHint: tt.fixHint})
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if got := lines[len(lines)-1]; got != tt.want {
				t.Errorf("summary\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
