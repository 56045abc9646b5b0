package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// sarifInput is the golden inputs and files named in each way a path can
// come: absolute, as a URL, standard input, and relative with a space, the
// URL's holding a diagnostic of a rule that is not in the rule list.
func sarifInput(t *testing.T) []File {
	src := "User-agent: *\nDisallow: /a\n"
	related := diagnostic(spanOf(t, src, "/a"), "a [bracketed] \\ message")
	related.Related = []lint.Related{{Span: spanOf(t, src, "User-agent"), Message: "the [group]"}, {Span: spanOf(t, src, "*"), Message: "the agent"}}
	return append(goldenInput(t),
		fileOf("/srv/www/robots.txt", src, related),
		fileOf("https://example.com/robots.txt", src,
			lint.Diagnostic{Rule: "fetch-status", Severity: lint.Warning, Span: syntax.Span{}, Message: "the server answered 500"}),
		fileOf("<stdin>", src, diagnostic(spanOf(t, src, "Disallow"), "m")),
		fileOf("./dir with space/robots.txt", src, diagnostic(spanOf(t, src, "Disallow"), "m")),
	)
}

// TestSARIFSchema checks the output against the structure the SARIF 2.1.0
// schema and GitHub code scanning require, written out as code since the
// schema cannot be fetched here.
func TestSARIFSchema(t *testing.T) {
	files := sarifInput(t)
	var b bytes.Buffer
	if err := WriteSARIF(&b, files, rules.All(), "1.2.3"); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	c := &sarifChecker{t: t}
	c.equal("$schema", log["$schema"], "https://json.schemastore.org/sarif-2.1.0.json")
	c.equal("version", log["version"], "2.1.0")
	runs := c.array("runs", log["runs"], 1)
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := c.object("runs[0]", runs[0])
	c.equal("columnKind", run["columnKind"], "unicodeCodePoints")
	driver := c.object("tool.driver", c.object("tool", run["tool"])["driver"])
	c.equal("tool.driver.name", driver["name"], "robotslint")
	c.equal("tool.driver.version", driver["version"], "1.2.3")

	var ruleIDs []string
	for i, r := range c.array("rules", driver["rules"], 1) {
		at := fmt.Sprintf("rules[%d]", i)
		rule := c.object(at, r)
		id := c.text(at+".id", rule["id"])
		if slices.Contains(ruleIDs, id) {
			t.Errorf("%s: id %s repeats", at, id)
		}
		ruleIDs = append(ruleIDs, id)
		c.text(at+".name", rule["name"])
		c.level(at+".defaultConfiguration.level", c.object(at+".defaultConfiguration", rule["defaultConfiguration"])["level"])
		for _, key := range []string{"shortDescription", "fullDescription"} {
			if d, ok := rule[key]; ok {
				if text := c.text(at+"."+key+".text", c.object(at+"."+key, d)["text"]); len(text) > maxDescription {
					t.Errorf("%s.%s is longer than GitHub takes", at, key)
				}
			}
		}
		if u, ok := rule["helpUri"]; ok {
			c.uri(at+".helpUri", u, true)
		}
	}
	for i, r := range rules.All() {
		if ruleIDs[i] != r.Name {
			t.Fatalf("rules[%d] is %s, want %s: the rules given, in order", i, ruleIDs[i], r.Name)
		}
	}

	results := c.array("results", run["results"], 0)
	want := 0
	for _, f := range files {
		want += len(f.Diagnostics)
	}
	if len(results) != want {
		t.Errorf("%d results for %d diagnostics", len(results), want)
	}
	uris := map[string]bool{}
	for i, r := range results {
		at := fmt.Sprintf("results[%d]", i)
		res := c.object(at, r)
		ruleID := c.text(at+".ruleId", res["ruleId"])
		if index, ok := res["ruleIndex"].(float64); !ok || int(index) < 0 || int(index) >= len(ruleIDs) || ruleIDs[int(index)] != ruleID {
			t.Errorf("%s: ruleIndex %v does not point at rule %s", at, res["ruleIndex"], ruleID)
		}
		c.level(at+".level", res["level"])
		message := c.text(at+".message.text", c.object(at+".message", res["message"])["text"])
		locations := c.array(at+".locations", res["locations"], 1)
		for j, l := range locations {
			uris[c.location(fmt.Sprintf("%s.locations[%d]", at, j), l, false)] = true
		}
		ids := map[int]bool{}
		if rel, ok := res["relatedLocations"]; ok {
			for j, l := range c.array(at+".relatedLocations", rel, 1) {
				lat := fmt.Sprintf("%s.relatedLocations[%d]", at, j)
				c.location(lat, l, true)
				id, ok := c.object(lat, l)["id"].(float64)
				if !ok || id < 0 || ids[int(id)] {
					t.Errorf("%s: id %v is not a number unique in the result", lat, c.object(lat, l)["id"])
				}
				ids[int(id)] = true
			}
		}
		c.links(at+".message.text", message, ids)
		if fixes, ok := res["fixes"]; ok {
			for j, fx := range c.array(at+".fixes", fixes, 1) {
				c.fix(fmt.Sprintf("%s.fixes[%d]", at, j), fx)
			}
		}
	}
	for _, uri := range []string{"robots.txt", "site/robots.txt", "file:///srv/www/robots.txt",
		"https://example.com/robots.txt", "stdin", "dir%20with%20space/robots.txt"} {
		if !uris[uri] {
			t.Errorf("no result in %s; results are in %v", uri, uris)
		}
	}
}

// sarifChecker checks parts of a decoded SARIF log, reporting each problem
// with the path to the part.
type sarifChecker struct{ t *testing.T }

func (c *sarifChecker) object(at string, v any) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.t.Errorf("%s is %v, not an object", at, v)
	}
	return m
}

func (c *sarifChecker) array(at string, v any, minItems int) []any {
	a, ok := v.([]any)
	if !ok || len(a) < minItems {
		c.t.Errorf("%s is %v, not an array of at least %d items", at, v, minItems)
	}
	return a
}

func (c *sarifChecker) text(at string, v any) string {
	s, ok := v.(string)
	if !ok || s == "" {
		c.t.Errorf("%s is %v, not a non-empty string", at, v)
	}
	return s
}

func (c *sarifChecker) equal(at string, got, want any) {
	if got != want {
		c.t.Errorf("%s is %v, want %v", at, got, want)
	}
}

// level checks a level against the schema's enumeration.
func (c *sarifChecker) level(at string, v any) {
	if !slices.Contains([]any{"none", "note", "warning", "error"}, v) {
		c.t.Errorf("%s is %v, not a SARIF level", at, v)
	}
}

// uri checks that v is a URI reference, and an absolute URI when absolute.
func (c *sarifChecker) uri(at string, v any, absolute bool) string {
	s := c.text(at, v)
	u, err := url.Parse(s)
	if err != nil || absolute && !u.IsAbs() {
		c.t.Errorf("%s is %q, not a valid URI (absolute: %v, error: %v)", at, s, absolute, err)
	}
	return s
}

// location checks a location and returns its artifact's URI. A related
// location must say what it is.
func (c *sarifChecker) location(at string, v any, related bool) string {
	l := c.object(at, v)
	if related {
		c.text(at+".message.text", c.object(at+".message", l["message"])["text"])
	}
	phys := c.object(at+".physicalLocation", l["physicalLocation"])
	uri := c.artifactLocation(at+".physicalLocation.artifactLocation", phys["artifactLocation"])
	c.region(at+".physicalLocation.region", phys["region"])
	return uri
}

// artifactLocation checks that a relative URI, and only a relative one,
// has %SRCROOT% as its base.
func (c *sarifChecker) artifactLocation(at string, v any) string {
	a := c.object(at, v)
	uri := c.uri(at+".uri", a["uri"], false)
	u, _ := url.Parse(uri)
	base, hasBase := a["uriBaseId"]
	switch {
	case u != nil && u.IsAbs() && hasBase:
		c.t.Errorf("%s: absolute URI %s has a base %v", at, uri, base)
	case u != nil && !u.IsAbs() && uri != "stdin" && base != "%SRCROOT%":
		c.t.Errorf("%s: relative URI %s has base %v, want %%SRCROOT%%", at, uri, base)
	}
	return uri
}

// region checks a text region: lines and columns from 1, the end not before
// the start, and a byte range, when there is one, that agrees.
func (c *sarifChecker) region(at string, v any) {
	r := c.object(at, v)
	num := func(key string) int {
		n, ok := r[key].(float64)
		if !ok || n < 1 || n != float64(int(n)) {
			c.t.Errorf("%s.%s is %v, not an integer of at least 1", at, key, r[key])
		}
		return int(n)
	}
	startLine, startColumn, endLine, endColumn := num("startLine"), num("startColumn"), num("endLine"), num("endColumn")
	if endLine < startLine || endLine == startLine && endColumn < startColumn {
		c.t.Errorf("%s ends at %d:%d, before its start %d:%d", at, endLine, endColumn, startLine, startColumn)
	}
	for _, key := range []string{"byteOffset", "byteLength"} {
		if n, ok := r[key]; ok {
			if f, ok := n.(float64); !ok || f < 0 {
				c.t.Errorf("%s.%s is %v, not a non-negative integer", at, key, n)
			}
		}
	}
}

// fix checks a fix: a description and at least one change of at least one
// replacement, each with a region to delete.
func (c *sarifChecker) fix(at string, v any) {
	fx := c.object(at, v)
	c.text(at+".description.text", c.object(at+".description", fx["description"])["text"])
	for i, ch := range c.array(at+".artifactChanges", fx["artifactChanges"], 1) {
		cat := fmt.Sprintf("%s.artifactChanges[%d]", at, i)
		change := c.object(cat, ch)
		c.artifactLocation(cat+".artifactLocation", change["artifactLocation"])
		for j, rep := range c.array(cat+".replacements", change["replacements"], 1) {
			rat := fmt.Sprintf("%s.replacements[%d]", cat, j)
			replacement := c.object(rat, rep)
			c.region(rat+".deletedRegion", replacement["deletedRegion"])
			if ins, ok := replacement["insertedContent"]; ok {
				if _, ok := c.object(rat+".insertedContent", ins)["text"].(string); !ok {
					c.t.Errorf("%s.insertedContent has no text", rat)
				}
			}
		}
	}
}

// links checks a message's embedded links ("[text](id)", SARIF §3.11.6):
// each names a related location, every related location is linked, and in a
// message with links the brackets outside them are escaped.
func (c *sarifChecker) links(at, message string, ids map[int]bool) {
	if len(ids) == 0 {
		return
	}
	linked := map[int]bool{}
	rest := linkPattern.ReplaceAllStringFunc(message, func(link string) string {
		id, _ := strconv.Atoi(linkPattern.FindStringSubmatch(link)[2])
		if !ids[id] {
			c.t.Errorf("%s links to location %d, which the result does not have", at, id)
		}
		linked[id] = true
		return ""
	})
	if unescaped := regexp.MustCompile(`(^|[^\\])(\\\\)*[\[\]]`); unescaped.MatchString(rest) {
		c.t.Errorf("%s has a bracket outside a link that is not escaped: %s", at, message)
	}
	for id := range ids {
		if !linked[id] {
			c.t.Errorf("%s does not link to related location %d, so GitHub does not show it", at, id)
		}
	}
}

// linkPattern is an embedded link whose text escapes its brackets.
var linkPattern = regexp.MustCompile(`\[((?:[^\\\[\]]|\\.)*)\]\((\d+)\)`)

// TestSARIFRegions checks regions against the file: columns in characters,
// the end after the last character and on its line, and a fix's byte range
// that starts where its line and column do.
func TestSARIFRegions(t *testing.T) {
	src := "User-agent: *\nDisallow: /café/日本\nAllow: /\n"
	f := syntax.Parse([]byte(src))
	tests := []struct {
		name string
		span syntax.Span
		want sarifRegion
	}{
		{"after characters of several bytes", spanOf(t, src, "日本"), sarifRegion{StartLine: 2, StartColumn: 17, EndLine: 2, EndColumn: 19}},
		{"empty", syntax.Span{Start: 24, End: 24}, sarifRegion{StartLine: 2, StartColumn: 11, EndLine: 2, EndColumn: 11}},
		{"a line with its terminator", spanOf(t, src, "Allow: /\n"), sarifRegion{StartLine: 3, StartColumn: 1, EndLine: 3, EndColumn: 10}},
		{"two lines", spanOf(t, src, "日本\nAllow"), sarifRegion{StartLine: 2, StartColumn: 17, EndLine: 3, EndColumn: 6}},
	}
	for _, tt := range tests {
		if got := textRegion(text{file: f}, tt.span); got != tt.want {
			t.Errorf("%s: region %+v, want %+v", tt.name, got, tt.want)
		}
	}

	span := spanOf(t, src, "日本")
	d := diagnostic(span, "m")
	d.Fixes = []lint.Fix{
		{Title: "Encode", Safe: true, Edits: []lint.Edit{{Span: span, NewText: "%E6%97%A5%E6%9C%AC"}}},
		{Title: "Delete", Edits: []lint.Edit{{Span: span}}},
		{Title: "No edits"},
	}
	res := sarifResultOf(File{Path: "robots.txt", File: f}, artifactLocation("robots.txt"), d, 0)
	if len(res.Fixes) != 2 {
		t.Fatalf("%d fixes, want the 2 with edits", len(res.Fixes))
	}
	rep := res.Fixes[0].ArtifactChanges[0].Replacements[0]
	region := rep.DeletedRegion
	if *region.ByteOffset != span.Start || *region.ByteLength != span.Len() ||
		f.LineIndex().Offset(syntax.Position{Line: region.StartLine, Column: region.StartColumn}) != span.Start {
		t.Errorf("deleted region %+v (bytes %d+%d) is not the edit's span %v", region, *region.ByteOffset, *region.ByteLength, span)
	}
	if rep.InsertedContent == nil || rep.InsertedContent.Text != "%E6%97%A5%E6%9C%AC" {
		t.Errorf("inserted content %+v", rep.InsertedContent)
	}
	if res.Fixes[0].Description.Text != "Encode" || res.Fixes[1].Description.Text == "Delete" {
		t.Errorf("descriptions %q and %q: only the unsafe fix should say it is unsafe",
			res.Fixes[0].Description.Text, res.Fixes[1].Description.Text)
	}
	if res.Fixes[1].ArtifactChanges[0].Replacements[0].InsertedContent != nil {
		t.Errorf("a deletion inserts content")
	}
}
