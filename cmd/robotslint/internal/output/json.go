package output

import (
	"encoding/json"
	"io"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// jsonVersion is the version of the JSON shape. Other tools read it: a
// change that breaks them (a renamed or removed field, a changed meaning)
// needs a new version; an added field does not.
const jsonVersion = 1

// The JSON shape. Lists are always arrays, never null, so that readers need
// not tell "none" from "absent".
type (
	jsonOutput struct {
		Version int        `json:"version"`
		Files   []jsonFile `json:"files"`
	}
	jsonFile struct {
		Path        string           `json:"path"`
		Fixed       int              `json:"fixed,omitempty"`
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}
	jsonDiagnostic struct {
		Rule     string        `json:"rule"`
		Severity string        `json:"severity"`
		Message  string        `json:"message"`
		Range    jsonRange     `json:"range"`
		Related  []jsonRelated `json:"related"`
		Fixes    []jsonFix     `json:"fixes"`
		// URLs are, for a sitemap finding about many URLs, how many and
		// a few of them; the robots.txt line that decides about them is
		// among Related.
		URLs *jsonURLs `json:"urls,omitempty"`
	}
	jsonURLs struct {
		Count    int      `json:"count"`
		Examples []string `json:"examples"`
		// Profiles name, for URLs crawlers may not fetch, whose crawlers.
		Profiles []string `json:"profiles,omitempty"`
	}
	jsonRelated struct {
		Message string `json:"message"`
		// Path is set for a place in another file than the diagnostic's:
		// the site's robots.txt, for a finding in a page.
		Path  string    `json:"path,omitempty"`
		Range jsonRange `json:"range"`
	}
	jsonFix struct {
		Title string     `json:"title"`
		Safe  bool       `json:"safe"`
		Edits []jsonEdit `json:"edits"`
	}
	jsonEdit struct {
		Range   jsonRange `json:"range"`
		NewText string    `json:"newText"`
	}
	// jsonRange is a half-open range: end is the position just after it.
	jsonRange struct {
		Start jsonPosition `json:"start"`
		End   jsonPosition `json:"end"`
	}
	// jsonPosition gives a place both ways: line and column (from 1,
	// counting characters) for people, and the byte offset (from 0) for
	// programs that slice the file.
	jsonPosition struct {
		Line   int `json:"line"`
		Column int `json:"column"`
		Offset int `json:"offset"`
	}
)

// WriteJSON writes the diagnostics of files as one JSON document, indented
// by two spaces, with a final newline:
//
//	{"version": 1, "files": [{"path": "robots.txt", "fixed": 2, "diagnostics": [{"rule": ..., "severity": "error",
//	  "message": ..., "range": {"start": {"line": 3, "column": 1, "offset": 20}, "end": {...}},
//	  "related": [{"message": ..., "range": ...}],
//	  "fixes": [{"title": ..., "safe": true, "edits": [{"range": ..., "newText": "Disallow"}]}]}]}]}
//
// Every file is listed, with or without diagnostics; "fixed" appears only
// when --fix fixed something in the file.
func WriteJSON(w io.Writer, files []File) error {
	out := jsonOutput{Version: jsonVersion, Files: make([]jsonFile, 0, len(files))}
	for _, f := range files {
		jf := jsonFile{Path: f.Path, Fixed: f.Fixed, Diagnostics: make([]jsonDiagnostic, 0, len(f.Diagnostics))}
		for _, d := range f.Diagnostics {
			jf.Diagnostics = append(jf.Diagnostics, jsonDiagnosticOf(f, d))
		}
		out.Files = append(out.Files, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	// Messages quote the file (`<`, `&`); keep them readable.
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func jsonDiagnosticOf(file File, d lint.Diagnostic) jsonDiagnostic {
	f := file.text()
	jd := jsonDiagnostic{
		Rule:     d.Rule,
		Severity: d.Severity.String(),
		Message:  d.Message,
		Range:    jsonRangeOf(f, d.Span),
		Related:  make([]jsonRelated, 0, len(d.Related)),
		Fixes:    make([]jsonFix, 0, len(d.Fixes)),
	}
	for _, r := range d.Related {
		rf, rpath, rspan := file.relatedPlace(r)
		jr := jsonRelated{Message: r.Message, Range: jsonRangeOf(rf, rspan)}
		if rpath != file.Path {
			jr.Path = rpath
		}
		jd.Related = append(jd.Related, jr)
	}
	if d.URLs != nil {
		jd.URLs = &jsonURLs{Count: d.URLs.Count, Examples: append(make([]string, 0, len(d.URLs.Examples)), d.URLs.Examples...), Profiles: d.URLs.Profiles}
	}
	for _, fx := range d.Fixes {
		jfx := jsonFix{Title: fx.Title, Safe: fx.Safe, Edits: make([]jsonEdit, 0, len(fx.Edits))}
		for _, e := range fx.Edits {
			jfx.Edits = append(jfx.Edits, jsonEdit{Range: jsonRangeOf(f, e.Span), NewText: e.NewText})
		}
		jd.Fixes = append(jd.Fixes, jfx)
	}
	return jd
}

func jsonRangeOf(f text, s syntax.Span) jsonRange {
	return jsonRange{Start: jsonPositionOf(f, s.Start), End: jsonPositionOf(f, s.End)}
}

func jsonPositionOf(f text, off int) jsonPosition {
	p := f.position(off)
	return jsonPosition{Line: p.Line, Column: p.Column, Offset: off}
}
