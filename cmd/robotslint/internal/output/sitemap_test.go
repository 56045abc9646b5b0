package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// sitemapFile is a sitemap's findings as the command gets them: no
// source, the positions of the offsets the findings start and end at, and
// a group of URLs that a robots.txt line blocks.
func sitemapFile() File {
	robotsSrc := "User-agent: *\nDisallow: /private/\n"
	robots := syntax.Parse([]byte(robotsSrc))
	d := lint.Diagnostic{
		Rule: "sitemap-blocked", Severity: lint.Warning, Span: syntax.Span{Start: 120, End: 150},
		Message: "the sitemap lists URLs that Disallow: /private/ blocks for every crawler",
		Related: []lint.Related{{Span: syntax.Span{Start: 14, End: 33}, Message: "the line that blocks them", InRobotsTxt: true}},
		URLs:    &lint.URLGroup{Count: 1204, Examples: []string{"https://example.com/private/a", "https://example.com/private/b"}},
	}
	return File{
		Path: "public/sitemap.xml", File: syntax.Parse(nil), Diagnostics: []lint.Diagnostic{d},
		Positions: map[int]syntax.Position{120: {Line: 4, Column: 12}, 150: {Line: 4, Column: 42}},
		Robots:    robots, RobotsPath: "public/robots.txt",
	}
}

// TestSitemapText shows a sitemap finding at its recorded position,
// without an excerpt of a file that is not kept, with its URL group, and
// its related place in the robots.txt.
func TestSitemapText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, []File{sitemapFile()}, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "public/sitemap.xml:4:12: warning: the sitemap lists URLs that Disallow: /private/ blocks for every crawler [sitemap-blocked]\n" +
		"  1,204 URLs, e.g. https://example.com/private/a, https://example.com/private/b\n" +
		"  public/robots.txt:2:1: note: the line that blocks them\n\n"
	if got := b.String(); !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant it to start with\n%s", got, want)
	}
}

// TestSitemapURLsNote leaves out the URL line when the message already
// gives the count and the examples.
func TestSitemapURLsNote(t *testing.T) {
	d := lint.Diagnostic{Message: "3 URLs are blocked (https://a.example/x, https://a.example/y)", URLs: &lint.URLGroup{Count: 3, Examples: []string{"https://a.example/x", "https://a.example/y"}}}
	if got := urlsNote(d); got != "" {
		t.Errorf("urlsNote = %q, want none for a message that says it all", got)
	}
	d.Message = "3 URLs are blocked, e.g. `/x`, `/y`"
	if got := urlsNote(d); got != "" {
		t.Errorf("urlsNote = %q, want none for a message that gives the paths", got)
	}
	d.Message = "URLs are blocked"
	if got := urlsNote(d); got != "3 URLs, e.g. https://a.example/x, https://a.example/y" {
		t.Errorf("urlsNote = %q", got)
	}
	d.URLs = &lint.URLGroup{Count: 1}
	if got := urlsNote(d); got != "1 URL" {
		t.Errorf("urlsNote = %q, want 1 URL", got)
	}
}

// TestSitemapJSON gives each URL group with its count, examples and the
// robots.txt line that decides about it, for other tools to act on.
func TestSitemapJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, []File{sitemapFile()}); err != nil {
		t.Fatal(err)
	}
	var out jsonOutput
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	d := out.Files[0].Diagnostics[0]
	if d.URLs == nil || d.URLs.Count != 1204 || len(d.URLs.Examples) != 2 {
		t.Fatalf("urls = %+v, want the group", d.URLs)
	}
	if d.Range.Start != (jsonPosition{Line: 4, Column: 12, Offset: 120}) || d.Range.End != (jsonPosition{Line: 4, Column: 42, Offset: 150}) {
		t.Errorf("range = %+v", d.Range)
	}
	if len(d.Related) != 1 || d.Related[0].Path != "public/robots.txt" || d.Related[0].Range.Start.Line != 2 {
		t.Errorf("related = %+v, want line 2 of public/robots.txt", d.Related)
	}
}

// TestSitemapSARIFAndGitHub carry the URL group in SARIF's properties and
// in the annotation's message.
func TestSitemapSARIFAndGitHub(t *testing.T) {
	var s, g bytes.Buffer
	if err := WriteSARIF(&s, []File{sitemapFile()}, nil, "1.2.3"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.String(), `"urls": {`) || !strings.Contains(s.String(), `"count": 1204`) || !strings.Contains(s.String(), `"startLine": 4`) {
		t.Errorf("SARIF lacks the group or the position:\n%s", s.String())
	}
	if err := WriteGitHub(&g, []File{sitemapFile()}); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=public/sitemap.xml,line=4,col=12,endLine=4,endColumn=41,title=sitemap-blocked::the sitemap lists URLs that Disallow: /private/ blocks for every crawler%0A1,204 URLs, e.g. https://example.com/private/a, https://example.com/private/b%0Apublic/robots.txt:2:1: note: the line that blocks them\n"
	if g.String() != want {
		t.Errorf("got\n%s\nwant\n%s", g.String(), want)
	}
}
