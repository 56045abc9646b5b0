package sitemap

import "io"

// bufSize is the read-ahead: the most a Reader holds of a sitemap at once.
// A text-sitemap line must fit in it (see maxLine).
const bufSize = 64 * 1024

// input is the Reader's own buffer over the uncompressed sitemap. The
// scanning loops count each newline as they pass it, so the position of
// the next unread byte is always known and taking one costs nothing; a
// separate line index would need the text the Reader does not keep.
type input struct {
	src  io.Reader
	buf  []byte
	r, w int   // unread bytes are buf[r:w]
	base int64 // offset of buf[0] in the sitemap
	n    int64 // bytes read from src

	line      int   // 1-based line of buf[r]
	lineStart int64 // offset of that line's first byte

	eof bool
	err error // a read error other than io.EOF; nothing more is read after it
}

func newInput(src io.Reader) input {
	return input{src: src, buf: make([]byte, bufSize), line: 1}
}

// ended reports whether no more bytes will come.
func (in *input) ended() bool { return in.eof || in.err != nil }

// pos is the position of the next unread byte.
func (in *input) pos() Pos {
	off := in.base + int64(in.r)
	return Pos{Offset: off, Line: in.line, Col: int(off-in.lineStart) + 1}
}

// at is the position of buf[i], for i at or after r with no newline in
// buf[r:i] (the loops call it before they count one).
func (in *input) at(i int) Pos {
	off := in.base + int64(i)
	return Pos{Offset: off, Line: in.line, Col: int(off-in.lineStart) + 1}
}

// newline records a newline at buf[i], already passed.
func (in *input) newline(i int) {
	in.line++
	in.lineStart = in.base + int64(i) + 1
}

// more moves the unread bytes to the front of the buffer and reads after
// them. It returns false when nothing was added: at the end of input, after
// a read error, or when the buffer is full of unread bytes.
func (in *input) more() bool {
	if in.ended() {
		return false
	}
	if in.r > 0 {
		copy(in.buf, in.buf[in.r:in.w])
		in.base += int64(in.r)
		in.w -= in.r
		in.r = 0
	}
	if in.w == len(in.buf) {
		return false
	}
	// A reader may return 0, nil; io.Reader asks callers to tolerate a
	// few, and a broken one is a read error rather than a hang.
	for range 100 {
		n, err := in.src.Read(in.buf[in.w:])
		in.w += n
		in.n += int64(n)
		if err == io.EOF {
			in.eof = true
		} else if err != nil {
			in.err = err
		}
		if n > 0 || err != nil {
			return n > 0
		}
	}
	in.err = io.ErrNoProgress
	return false
}

// peek returns the unread bytes after reading until there are at least k
// of them (k at most bufSize), or fewer at the end of input.
func (in *input) peek(k int) []byte {
	for in.w-in.r < k && in.more() {
	}
	return in.buf[in.r:in.w]
}

// next consumes and returns one byte, counting a newline; false at the end.
func (in *input) next() (byte, bool) {
	if in.r == in.w && !in.more() {
		return 0, false
	}
	c := in.buf[in.r]
	if c == '\n' {
		in.newline(in.r)
	}
	in.r++
	return c, true
}
