package explain

import (
	"slices"
	"strings"
)

// examples returns up to three paths that pattern matches and one
// near them that it does not, or "" when it matches everything. The
// candidates are guesses shaped by the pattern (a '*' before ".pdf"
// becomes a file name, a trailing '/' gets a page under it) and kept only
// when matches agrees.
func examples(pattern string, matches func(string) bool) (yes []string, no string) {
	body, anchored := strings.CutSuffix(pattern, "$")
	fill := func(variant int) string {
		var b strings.Builder
		for i := 0; i < len(body); i++ {
			if body[i] != '*' {
				b.WriteByte(body[i])
				continue
			}
			next := byte(0)
			if i+1 < len(body) {
				next = body[i+1]
			}
			switch {
			case next == '.':
				b.WriteString([]string{"report", "docs/report"}[variant])
			case next == '?' || next == '&' || next == '=' || next == ';':
				b.WriteString([]string{"page", "shop/page"}[variant])
			case next == '/':
				b.WriteString([]string{"en", "shop/en"}[variant])
			case next == 0:
				b.WriteString([]string{"", "/page.html"}[variant])
			case next != '*':
				b.WriteString([]string{"my-", "old/my-"}[variant])
			}
		}
		return b.String()
	}
	base, alt := fill(0), fill(1)
	var candidates []string
	if anchored {
		candidates = []string{base, alt}
	} else {
		var suffixes []string
		last := byte(0)
		if body != "" {
			last = body[len(body)-1]
		}
		switch {
		case last == 0:
		case last == '*':
			suffixes = []string{"", ""}
		case last == '/':
			suffixes = []string{"", "page.html", "a/b?id=1"}
		case last == '=':
			suffixes = []string{"1", "42", "abc"}
		case last == '?':
			suffixes = []string{"id=1", "q=shoes", "a=1&b=2"}
		case strings.Contains(body, "*"):
			suffixes = []string{"", "?page=2", "/page.html"}
		default:
			suffixes = []string{"", ".html", "/page.html"}
		}
		for k, s := range suffixes {
			candidates = append(candidates, []string{base, alt, base}[k]+s)
		}
	}
	for _, c := range candidates {
		if !strings.HasPrefix(c, "/") {
			// A pattern may start with '*'; a path starts with '/'.
			c = "/" + c
		}
		if !slices.Contains(yes, c) && matches(c) {
			yes = append(yes, c)
		}
	}
	var misses []string
	if anchored {
		misses = append(misses, base+"?page=2")
	}
	if trimmed, ok := strings.CutSuffix(base, "/"); ok && trimmed != "" {
		misses = append(misses, trimmed)
	}
	// The same path with its first letter's case changed shows that
	// paths are case-sensitive.
	if k := strings.IndexFunc(base, func(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }); k >= 0 {
		c := base[k] ^ 0x20
		misses = append(misses, base[:k]+string(c)+base[k+1:])
	}
	misses = append(misses, "/", "/index.html")
	if len(yes) > 0 {
		for _, c := range misses {
			if !matches(c) {
				return yes, c
			}
		}
	}
	return yes, ""
}
