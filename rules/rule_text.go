package rules

import (
	"strconv"

	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds how the path rules point at rules: in messages, and as
// the span a finding covers.

// ruleText quotes a rule line for a message as "Disallow: /x", with the
// key as written.
func ruleText(f *syntax.File, l *syntax.Line) string {
	key, value := f.Text(l.Key()), f.Text(l.Value())
	text := make([]byte, 0, len(key)+2+len(value))
	return prose.Quote(append(append(append(text, key...), ": "...), value...))
}

// lineRef names line i for a message: "line 12".
func lineRef(i int32) string { return "line " + strconv.Itoa(int(i)+1) }
