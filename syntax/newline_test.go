package syntax

import "testing"

func TestNewline(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"", "\n"},
		{"User-agent: *", "\n"},
		{"a\nb\n", "\n"},
		{"a\r\nb\r\n", "\r\n"},
		{"a\rb\r", "\r"},
		{"a\r\nb\nc\r\n", "\r\n"},
		{"a\r\nb\n", "\n"},       // a tie: LF first
		{"a\r\nb\r", "\r\n"},     // a tie: CRLF before CR
		{"a\r\r\nb\r\n", "\r\n"}, // a stray CR is a line of its own
	} {
		if got := Parse([]byte(c.src)).Newline(); got != c.want {
			t.Errorf("Newline(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}
