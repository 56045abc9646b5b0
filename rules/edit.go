package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the edits fixes are made of.

// deleteLine returns the edit that deletes line i with its terminator.
func deleteLine(f *syntax.File, i int) lint.Edit {
	return lint.Edit{Span: f.Lines[i].Span}
}
