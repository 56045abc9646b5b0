package lsp

import (
	"encoding/json"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
)

// docsURL is where each rule's documentation lives: the README has a
// section per rule, its anchor the rule's name.
const docsURL = "https://github.com/robotslint/robotslint#"

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

// protocolDiagnostics returns the document's findings as LSP diagnostics,
// built once.
func (d *document) protocolDiagnostics() []protocol.Diagnostic {
	d.protocolOnce.Do(func() {
		lds := d.lintDiagnostics()
		d.published = make([]protocol.Diagnostic, 0, len(lds))
		for i := range lds {
			d.published = append(d.published, d.protocolDiagnostic(&lds[i]))
		}
	})
	return d.published
}

func (d *document) protocolDiagnostic(ld *lint.Diagnostic) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:           d.conv.rng(ld.Span),
		Severity:        severity(ld.Severity),
		Code:            protocol.String(ld.Rule),
		CodeDescription: protocol.CodeDescription{Href: uri.URI(docsURL + ld.Rule)},
		Source:          protocol.NewOptional("robotslint"),
		Message:         protocol.String(ld.Message),
	}
	switch ld.Rule {
	case "unused-suppression", "duplicate-rule", "redundant-rule":
		// Lines that change nothing: clients fade them.
		pd.Tags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)
	}
	for _, r := range ld.Related {
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: d.uri, Range: d.conv.rng(r.Span)},
			Message:  r.Message,
		})
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
