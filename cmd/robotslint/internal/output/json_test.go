package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
)

// TestJSONPositions checks a range on a line with characters of two and
// three bytes: columns count characters, offsets count bytes, and the end
// is the position just after the range.
func TestJSONPositions(t *testing.T) {
	src := "User-agent: *\nDisallow: /café/日本/x\n"
	// "日本" starts after "Disallow: /café/": 16 characters, 17 bytes.
	span := spanOf(t, src, "日本")
	d := diagnostic(span, "m")
	d.Related = []lint.Related{{Span: spanOf(t, src, "x"), Message: "r"}}
	d.Fixes = []lint.Fix{{Title: "Encode", Safe: true, Edits: []lint.Edit{{Span: span, NewText: "%E6%97%A5%E6%9C%AC"}}}}

	var b bytes.Buffer
	if err := WriteJSON(&b, []File{fileOf("robots.txt", src, d)}); err != nil {
		t.Fatal(err)
	}
	var out jsonOutput
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	pos := func(line, column, offset int) jsonPosition {
		return jsonPosition{Line: line, Column: column, Offset: offset}
	}
	got := out.Files[0].Diagnostics[0]
	want := jsonRange{Start: pos(2, 17, 31), End: pos(2, 19, 37)}
	if got.Range != want {
		t.Errorf("range %+v, want %+v", got.Range, want)
	}
	if r := got.Related[0].Range; r != (jsonRange{Start: pos(2, 20, 38), End: pos(2, 21, 39)}) {
		t.Errorf("related range %+v", r)
	}
	if e := got.Fixes[0].Edits[0]; e.Range != want || e.NewText != "%E6%97%A5%E6%9C%AC" {
		t.Errorf("edit %+v", e)
	}
	if src[want.Start.Offset:want.End.Offset] != "日本" {
		t.Errorf("the offsets do not slice the range out of the source")
	}
}

// TestJSONShape checks what readers of the contract rely on: the version,
// every file listed, lists that are arrays even when empty, "fixed" only
// when something was fixed, and the indentation and final newline.
func TestJSONShape(t *testing.T) {
	src := "User-agent: *\nDisalow: /\n"
	fixed := fileOf("fixed.txt", src)
	fixed.Fixed = 2
	files := []File{
		fileOf("robots.txt", src, diagnostic(spanOf(t, src, "Disalow"), "<m> & more")),
		fileOf("clean.txt", src),
		fixed,
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, files); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.HasPrefix(text, "{\n  \"version\": 1,\n  \"files\": [\n") || !strings.HasSuffix(text, "}\n") {
		t.Errorf("not indented by two spaces with a final newline:\n%s", text)
	}
	if strings.Contains(text, "null") {
		t.Errorf("holds a null:\n%s", text)
	}
	if !strings.Contains(text, `"message": "<m> & more"`) {
		t.Errorf("escapes the message's HTML characters:\n%s", text)
	}

	var out struct {
		Version int              `json:"version"`
		Files   []map[string]any `json:"files"`
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Version != 1 || len(out.Files) != 3 {
		t.Fatalf("version %d and %d files, want 1 and 3", out.Version, len(out.Files))
	}
	for i, f := range out.Files {
		if _, ok := f["diagnostics"].([]any); !ok {
			t.Errorf("file %d: diagnostics is %v, not an array", i, f["diagnostics"])
		}
		_, hasFixed := f["fixed"]
		if hasFixed != (i == 2) {
			t.Errorf("file %d: fixed present is %v", i, hasFixed)
		}
	}
	if out.Files[2]["fixed"] != 2.0 {
		t.Errorf("fixed is %v, want 2", out.Files[2]["fixed"])
	}
	d := out.Files[0]["diagnostics"].([]any)[0].(map[string]any)
	for _, key := range []string{"related", "fixes"} {
		if list, ok := d[key].([]any); !ok || len(list) != 0 {
			t.Errorf("%s is %v, not an empty array", key, d[key])
		}
	}
	if d["rule"] != "test-rule" || d["severity"] != "error" {
		t.Errorf("rule %v, severity %v", d["rule"], d["severity"])
	}
}
