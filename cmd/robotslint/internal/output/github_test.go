package output

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// A workflow command as GitHub's runner reads it: "::command
// key=value,...::message", where a value may hold no raw ',' or ':' and
// neither may hold a raw line break or a '%' that is not an escape.
var (
	githubValue     = `(?:[^%,:\r\n]|%25|%0D|%0A|%3A|%2C)+`
	githubMessage   = `(?:[^%\r\n]|%25|%0D|%0A)*`
	workflowCommand = regexp.MustCompile(`^::(error|warning|notice) ` +
		`file=` + githubValue + `,line=[1-9][0-9]*(?:,col=[1-9][0-9]*)?,endLine=[1-9][0-9]*(?:,endColumn=[1-9][0-9]*)?,` +
		`title=` + githubValue + `::` + githubMessage + `$`)
)

// unescapeGitHub reverses the toolkit's escaping, as the runner does.
var unescapeGitHub = strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace

func writeGitHub(t *testing.T, files []File) []string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteGitHub(&b, files); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Errorf("the last command has no line end: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// TestGitHubSyntax checks every command written for the golden inputs
// against the workflow-command syntax.
func TestGitHubSyntax(t *testing.T) {
	files := goldenInput(t)
	want := 0
	for _, f := range files {
		want += len(f.Diagnostics)
	}
	lines := writeGitHub(t, files)
	if len(lines) != want {
		t.Errorf("%d commands for %d diagnostics", len(lines), want)
	}
	for _, line := range lines {
		if !workflowCommand.MatchString(line) {
			t.Errorf("not a workflow command:\n%s", line)
		}
	}
}

// TestGitHubEscaping checks that a path, rule and message holding the
// characters that end values, the message or the command come back intact.
func TestGitHubEscaping(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\n"
	d := lint.Diagnostic{Rule: "odd:rule,name", Severity: lint.Warning, Span: spanOf(t, src, "/a"),
		Message: "100% sure: a, b\nnext line\r\nlast %0A"}
	lines := writeGitHub(t, []File{fileOf("dir,1/a:b%.txt", src, d)})
	if len(lines) != 1 {
		t.Fatalf("%d lines for one diagnostic:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	m := regexp.MustCompile(`^::warning file=(` + githubValue + `),.*,title=(` + githubValue + `)::(` + githubMessage + `)$`).FindStringSubmatch(lines[0])
	if m == nil {
		t.Fatalf("not a workflow command:\n%s", lines[0])
	}
	for _, c := range []struct{ name, got, want string }{
		{"file", unescapeGitHub(m[1]), "dir,1/a:b%.txt"},
		{"title", unescapeGitHub(m[2]), d.Rule},
		{"message", unescapeGitHub(m[3]), d.Message},
	} {
		if c.got != c.want {
			t.Errorf("%s comes back as %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestGitHubPositions checks the columns: 1-based, endColumn inclusive as
// check-run annotations take it, and no columns for a range over several
// lines, which annotations do not accept.
func TestGitHubPositions(t *testing.T) {
	src := "User-agent: *\nDisallow: /café/x\nAllow: /b\n"
	tests := []struct {
		name string
		span syntax.Span
		want string
	}{
		{"three characters", spanOf(t, src, "/ca"), "line=2,col=11,endLine=2,endColumn=13"},
		{"after a two-byte character", spanOf(t, src, "/x"), "line=2,col=16,endLine=2,endColumn=17"},
		{"a two-byte character", spanOf(t, src, "é"), "line=2,col=15,endLine=2,endColumn=15"},
		{"empty", syntax.Span{Start: 24, End: 24}, "line=2,col=11,endLine=2,endColumn=11"},
		{"a whole line with its terminator", spanOf(t, src, "Disallow: /café/x\n"), "line=2,col=1,endLine=2,endColumn=18"},
		{"two lines", spanOf(t, src, "/x\nAllow"), "line=2,endLine=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := writeGitHub(t, []File{fileOf("robots.txt", src, diagnostic(tt.span, "m"))})[0]
			if want := "::error file=robots.txt," + tt.want + ",title=test-rule::m"; line != want {
				t.Errorf("got  %s\nwant %s", line, want)
			}
		})
	}
	for s, want := range map[lint.Severity]string{lint.Error: "error", lint.Warning: "warning", lint.Info: "notice", lint.Hint: "notice"} {
		d := diagnostic(spanOf(t, src, "*"), "m")
		d.Severity = s
		if line := writeGitHub(t, []File{fileOf("robots.txt", src, d)})[0]; !strings.HasPrefix(line, "::"+want+" ") {
			t.Errorf("%s is written as %s", s, line)
		}
	}
}
