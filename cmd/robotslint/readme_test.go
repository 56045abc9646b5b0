package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/robotslint/robotslint/lint"
)

// root is the repository's root, from this package's directory.
var root = filepath.Join("..", "..")

// A generatedSection is a part of a Markdown page that the code writes: the
// text between the comments <!-- NAME:start (generated from SOURCE by go
// test ./cmd/robotslint -update; do not edit) --> and <!-- NAME:end -->.
type generatedSection struct {
	page, name, source string
	text               func(t *testing.T) string
}

func (s generatedSection) markers() (start, end string) {
	return fmt.Sprintf("<!-- %s:start (generated from %s by go test ./cmd/robotslint -update; do not edit) -->", s.name, s.source),
		fmt.Sprintf("<!-- %s:end -->", s.name)
}

// manual is the command's manual, cmd/robotslint/README.md.
var manual = filepath.Join(root, "cmd", "robotslint", "README.md")

var generatedSections = []generatedSection{
	{filepath.Join(root, "README.md"), "quickstart", "testdata/examples/robots.txt", quickStart},
	{manual, "lint-example", "the sample in readme_test.go", func(t *testing.T) string {
		return sampleRun(t, "robots.txt")
	}},
	{manual, "github-example", "the sample in readme_test.go", func(t *testing.T) string {
		return sampleRun(t, "--format", "github", "robots.txt")
	}},
	{manual, "site-rules", "the fetch rules' metadata", func(*testing.T) string { return siteRulesTable() }},
	{manual, "cli", "the commands' usage", commandReference},
}

// TestReadmeGenerated fails when a generated part of the README or of the
// command's manual (the quick start, the examples of output, the table of
// fetch checks, the command reference) is not what the code generates; go
// test ./cmd/robotslint -update rewrites them.
func TestReadmeGenerated(t *testing.T) {
	pages := map[string]string{}
	for _, s := range generatedSections {
		if _, ok := pages[s.page]; !ok {
			data, err := os.ReadFile(s.page)
			if err != nil {
				t.Fatal(err)
			}
			pages[s.page] = string(data)
		}
		start, end := s.markers()
		i, j := strings.Index(pages[s.page], start), strings.Index(pages[s.page], end)
		if i < 0 || j < i {
			t.Fatalf("%s lacks the markers %q and %q", s.page, start, end)
		}
		// Each section runs as a subtest, so that a directory it changes to
		// is left before the next.
		var text string
		if !t.Run(s.name, func(t *testing.T) { text = s.text(t) }) {
			continue
		}
		pages[s.page] = pages[s.page][:i+len(start)] + "\n" + text + pages[s.page][j:]
	}
	for page, want := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if string(data) == want {
			continue
		}
		if *update {
			if err := os.WriteFile(page, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("the generated sections of %s are stale: run go test ./cmd/robotslint -update", page)
	}
}

// readmeSample is the robots.txt file the manual's examples of output
// lint: a misspelling that Google alone reads and two paths on one line.
const readmeSample = "User-agent: *\nDisalow: /private/\nDisallow: /tmp/ /cgi-bin/\nSitemap: https://www.example.com/sitemap.xml\n"

// sampleRun is the output of robotslint with args, run where robots.txt is
// readmeSample, as a console session.
func sampleRun(t *testing.T, args ...string) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(readmeSample), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return consoleRun(t, exitFindings, args...)
}

// quickStart is the README's quick start: the sample file linted from the
// repository's root, and the status it exits with.
func quickStart(t *testing.T) string {
	t.Chdir(root)
	return consoleRun(t, exitFindings, "testdata/examples/robots.txt")
}

// consoleRun runs robotslint with args and returns a console block of the
// command and its output, after checking the status and that nothing went
// to standard error.
func consoleRun(t *testing.T, wantStatus int, args ...string) string {
	var stdout, stderr strings.Builder
	status := run(args, nil, &stdout, &stderr)
	if status != wantStatus || stderr.Len() > 0 {
		t.Fatalf("robotslint %s: status %d (want %d), stderr %q", strings.Join(args, " "), status, wantStatus, stderr.String())
	}
	out := stdout.String()
	if status == exitFindings {
		out += "$ echo $?\n1\n"
	}
	return "```console\n$ robotslint " + strings.Join(args, " ") + "\n" + out + "```\n"
}

// commandReference is each command's -h output, as the manual shows it.
func commandReference(t *testing.T) string {
	var b strings.Builder
	for _, cmd := range []string{"lint", "fmt", "test", "diff", "lsp", "rules", "explain", "version"} {
		var stdout, stderr strings.Builder
		if status := run([]string{cmd, "-h"}, nil, &stdout, &stderr); status != exitClean {
			t.Fatalf("%s -h: status %d: %s", cmd, status, stderr.String())
		}
		fmt.Fprintf(&b, "\n### robotslint %s\n\n```\n%s```\n", cmd, stdout.String())
	}
	return b.String()
}

// siteRulesTable lists the fetch rules, each linked to its documentation
// in the rule reference.
func siteRulesTable() string {
	var b strings.Builder
	b.WriteString("| check | default | reports |\n|---|---|---|\n")
	for _, r := range rulesOfScope(lint.ScopeFetch) {
		fmt.Fprintf(&b, "| [`%s`](../../rules/README.md#%s) | %s | %s |\n", r.Name, r.Name, r.Severity, r.Summary)
	}
	return b.String()
}

// markdownLink is a link's target in a Markdown page: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestMarkdownLinks checks every relative link of the repository's Markdown
// pages: the file it names exists, and so does the heading its #anchor
// names, as GitHub makes anchors of headings. The documentation is spread
// over several pages that link into each other; a heading renamed or moved
// would otherwise leave a link that lands at the top of a page or nowhere.
func TestMarkdownLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		anchors[page] = headingAnchors(string(data))
		return anchors[page]
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range proseLines(string(data)) {
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				linked := path
				if file != "" {
					linked = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
				}
				info, err := os.Stat(linked)
				if err != nil {
					t.Errorf("%s: the link %s names no file", path, target)
					continue
				}
				if anchor != "" && (info.IsDir() || !anchorsOf(linked)[anchor]) {
					t.Errorf("%s: the link %s names no heading of %s", path, target, linked)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// proseLines returns the lines of a Markdown page outside fenced code
// blocks, where links are links.
func proseLines(page string) []string {
	var lines []string
	fenced := false
	for line := range strings.Lines(page) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, line)
		}
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives a page's headings: the
// heading in lower case, spaces as hyphens, punctuation other than hyphens
// and underscores dropped, and -1, -2... after a repeated one.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	for _, line := range proseLines(page) {
		text := strings.TrimLeft(line, "#")
		if len(text) == len(line) || !strings.HasPrefix(text, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(text)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchor := b.String()
		for n := 1; anchors[anchor]; n++ {
			anchor = fmt.Sprintf("%s-%d", b.String(), n)
		}
		anchors[anchor] = true
	}
	return anchors
}
