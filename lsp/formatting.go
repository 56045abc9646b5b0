package lsp

import (
	"bytes"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/lint/format"
	"github.com/robotslint/robotslint/lint/linediff"
	"github.com/robotslint/robotslint/syntax"
)

// formatting returns the edits that lay d out as `robotslint fmt` does
// (format.Format), or none when it is laid out so already. Each edit
// replaces one run of whole lines that the layout changes, rather than the
// whole text: a client keeps the cursor, the selection and the undo
// history on the lines an edit does not touch. The edits are in order and
// apart from each other.
func formatting(d *document) []protocol.TextEdit {
	src := d.text()
	out := format.Format(src)
	if bytes.Equal(src, out) {
		return nil
	}
	oldStarts, newStarts := lineStartsOf(d.file), lineStartsOf(syntax.Parse(out))
	ids := make(map[string]int32)
	runs := linediff.Diff(lineIDs(src, oldStarts, ids), lineIDs(out, newStarts, ids))
	edits := make([]protocol.TextEdit, len(runs))
	for k, r := range runs {
		edits[k] = protocol.TextEdit{
			Range:   d.conv.rng(syntax.Span{Start: oldStarts[r.A0], End: oldStarts[r.A1]}),
			NewText: string(out[newStarts[r.B0]:newStarts[r.B1]]),
		}
	}
	return edits
}

// lineStartsOf returns the offsets where the lines of f start, followed by
// the length of the file. The first line starts at 0, byte order mark
// included, as LSP and syntax.LineIndex count it; so every offset is the
// start of a line (or the end of the file) to the client too. A file of
// nothing but a byte order mark has no syntax.Line, and one line here.
func lineStartsOf(f *syntax.File) []int {
	if len(f.Lines) == 0 {
		if len(f.Bytes()) == 0 {
			return []int{0}
		}
		return []int{0, len(f.Bytes())}
	}
	starts := make([]int, len(f.Lines)+1)
	for i := 1; i < len(f.Lines); i++ {
		starts[i] = f.Lines[i].Span.Start
	}
	starts[len(f.Lines)] = len(f.Bytes())
	return starts
}

// lineIDs returns, for each line of src (delimited by starts), a number
// that two lines share exactly when their bytes, terminators included, are
// equal. ids holds the numbers given so far.
func lineIDs(src []byte, starts []int, ids map[string]int32) []int32 {
	lines := make([]int32, len(starts)-1)
	for i := range lines {
		text := string(src[starts[i]:starts[i+1]])
		id, ok := ids[text]
		if !ok {
			id = int32(len(ids))
			ids[text] = id
		}
		lines[i] = id
	}
	return lines
}
