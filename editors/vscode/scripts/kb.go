//go:build ignore

// kb.go prints, as JSON, the directives robotslint's knowledge base knows
// and the profiles the linter reads files by, for the extension's tests:
// the grammar must name exactly these directives and the robotslint.profiles
// setting exactly these profiles. Run it from editors/vscode with
// `go run scripts/kb.go`; the build tag keeps it out of `go build ./...`.
package main

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
)

func main() {
	var out struct {
		Directives []string `json:"directives"`
		Profiles   []string `json:"profiles"`
	}
	for _, d := range kb.Directives() {
		out.Directives = append(out.Directives, strings.ToLower(d.Name))
	}
	for _, p := range match.Profiles() {
		out.Profiles = append(out.Profiles, p.Name)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		os.Exit(1)
	}
}
