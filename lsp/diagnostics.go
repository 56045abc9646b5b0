package lsp

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// fixData is a diagnostic's fixes as its data field carries them, so that
// a client (or a code action request) can apply them without asking.
type fixData struct {
	Fixes []fixJSON `json:"fixes"`
}

type fixJSON struct {
	Title string              `json:"title"`
	Safe  bool                `json:"safe"`
	Edits []protocol.TextEdit `json:"edits"`
}

// maxPublished bounds the diagnostics sent for one document. A generated
// file can hold hundreds of thousands of findings (every group repeated),
// which would be a message of over 100 MB that no editor could show; the
// most severe come first, and a note at the top says how many are left out.
const maxPublished = 5000

// protocolDiagnostics returns the document's findings as LSP diagnostics,
// built once: at most maxPublished of them, most severe first, then a note
// when some are left out.
func (d *document) protocolDiagnostics() []protocol.Diagnostic {
	d.protocolOnce.Do(func() {
		lds := d.lintDiagnostics()
		shown := make([]int, len(lds))
		for i := range shown {
			shown[i] = i
		}
		if len(shown) > maxPublished {
			slices.SortStableFunc(shown, func(a, b int) int { return cmp.Compare(lds[a].Severity, lds[b].Severity) })
			shown = shown[:maxPublished]
			slices.Sort(shown)
		}
		d.shown = shown
		d.published = make([]protocol.Diagnostic, 0, len(shown)+1)
		for _, i := range shown {
			d.published = append(d.published, d.protocolDiagnostic(&lds[i]))
		}
		if left := len(lds) - len(shown); left > 0 {
			d.published = append(d.published, protocol.Diagnostic{
				Range:    d.conv.rng(syntax.Span{}),
				Severity: protocol.DiagnosticSeverityInformation,
				Source:   protocol.NewOptional("robotslint"),
				Message: protocol.String(fmt.Sprintf("robotslint shows %d of the %d findings in this file, the most severe first; "+
					"run robotslint on the file to see them all", len(shown), len(lds))),
			})
		}
	})
	return d.published
}

func (d *document) protocolDiagnostic(ld *lint.Diagnostic) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:           d.conv.rng(ld.Span),
		Severity:        severity(ld.Severity),
		Code:            protocol.String(ld.Rule),
		CodeDescription: protocol.CodeDescription{Href: uri.URI(rules.DocsURL(ld.Rule))},
		Source:          protocol.NewOptional("robotslint"),
		Message:         protocol.String(ld.Message),
	}
	if r := rules.Lookup(ld.Rule); r != nil && r.Unnecessary {
		// Lines that change nothing: clients fade them.
		pd.Tags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)
	}
	for _, r := range ld.Related {
		loc := protocol.Location{URI: d.uri, Range: d.conv.rng(r.Span)}
		switch {
		case r.InRobotsTxt:
			// A page's finding names the line of its site's robots.txt
			// that keeps a crawler away.
			if d.page == nil || d.page.robots == nil {
				continue
			}
			robots := d.page.robots
			loc = protocol.Location{URI: robots.uri, Range: converter{index: robots.file.LineIndex(), enc: d.conv.enc}.rng(r.Span)}
		case r.Header > 0:
			continue // an X-Robots-Tag header, which an editor never has
		}
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: r.Message})
	}
	if len(ld.Fixes) > 0 {
		data := fixData{Fixes: make([]fixJSON, 0, len(ld.Fixes))}
		for _, fix := range ld.Fixes {
			data.Fixes = append(data.Fixes, fixJSON{Title: fix.Title, Safe: fix.Safe, Edits: d.textEdits(fix.Edits)})
		}
		if raw, err := json.Marshal(data); err == nil {
			pd.Data = raw
		}
	}
	return pd
}

// textEdits converts a fix's edits.
func (d *document) textEdits(edits []lint.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		out[i] = protocol.TextEdit{Range: d.conv.rng(e.Span), NewText: e.NewText}
	}
	return out
}

func severity(s lint.Severity) protocol.DiagnosticSeverity {
	switch s {
	case lint.Error:
		return protocol.DiagnosticSeverityError
	case lint.Warning:
		return protocol.DiagnosticSeverityWarning
	case lint.Info:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityHint
}
