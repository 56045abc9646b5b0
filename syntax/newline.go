package syntax

// Newline returns the line terminator most lines of f end with: "\n" when
// none does, and on a tie "\n" before "\r\n" before "\r". Whatever writes
// lines into a file (a fix, the formatter, a suppression comment) ends them
// with it, so an edit keeps the file's line endings.
func (f *File) Newline() string {
	var lf, crlf, cr int
	for i := range f.Lines {
		switch f.Lines[i].eolLen() {
		case 0:
		case 2:
			crlf++
		default:
			if f.src[f.Lines[i].Span.End-1] == '\n' {
				lf++
			} else {
				cr++
			}
		}
	}
	switch {
	case crlf > lf && crlf >= cr:
		return "\r\n"
	case cr > lf && cr > crlf:
		return "\r"
	}
	return "\n"
}
