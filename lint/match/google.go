package match

import "strings"

// This file holds the pieces of Google's open-source parser
// (google/robotstxt, robots.cc) that the google profile reproduces byte for
// byte: how a URL becomes the path that rules are matched against, how a
// rule's pattern is normalised, and how a pattern matches.

// googlePath returns the part of url that Google matches rules against:
// the path, parameters and query, without scheme, authority and fragment,
// starting with '/' ("" and "example.com" both give "/"). Like Google, it
// neither decodes nor normalises anything.
func googlePath(url string) string {
	searchStart := 0
	if strings.HasPrefix(url, "//") {
		searchStart = 2
	}
	earlyPath := indexPathFrom(url, searchStart)
	protocolEnd := indexFrom(url, "://", searchStart)
	if earlyPath < protocolEnd {
		// A "://" after the path has started does not end a scheme.
		protocolEnd = len(url)
	}
	if protocolEnd == len(url) {
		protocolEnd = searchStart
	} else {
		protocolEnd += len("://")
	}
	pathStart := indexPathFrom(url, protocolEnd)
	if pathStart == len(url) {
		return "/"
	}
	hash := indexFrom(url, "#", searchStart)
	if hash < pathStart {
		return "/"
	}
	if url[pathStart] != '/' {
		return "/" + url[pathStart:hash]
	}
	return url[pathStart:hash]
}

// indexFrom returns the index of the first sub in s at or after from, or
// len(s).
func indexFrom(s, sub string, from int) int {
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return len(s)
}

// indexPathFrom returns the index of the first '/', '?' or ';' in s at or
// after from, or len(s): where a path may start. It is strings.IndexAny
// written out, which builds its set of bytes anew on every call, and every
// query of every profile calls this twice.
func indexPathFrom(s string, from int) int {
	for i := from; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == ';' {
			return i
		}
	}
	return len(s)
}

// EscapePattern normalises a rule's pattern as Google does before matching:
// bytes from 0x80 are percent-encoded, and the hex digits of existing
// escapes are upper-cased. Nothing is decoded, so "%62" still does not
// match "b".
func EscapePattern(p string) string {
	for i := 0; i < len(p); i++ {
		if googleTouches[p[i]] {
			return string(appendEscaped(make([]byte, 0, len(p)+8), p))
		}
	}
	return p
}

// appendEscaped appends to dst the pattern Google makes of p (see
// EscapePattern).
func appendEscaped[S ~string | ~[]byte](dst []byte, p S) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			dst = append(dst, '%', upper(p[i+1]), upper(p[i+2]))
			i += 2
		case c >= 0x80:
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// wildcardMatch reports whether pattern matches path from its first byte:
// '*' matches any run of bytes and a '$' at the very end anchors the end of
// the path; any other byte, '$' elsewhere included, matches itself.
func wildcardMatch[P string | []byte](path string, pattern P) bool {
	if n := len(pattern); n > 0 && pattern[n-1] == '$' {
		return globMatch(path, pattern[:n-1], true)
	}
	return globMatch(path, pattern, false)
}

// globMatch reports whether pattern, in which '*' matches any run of bytes,
// matches all of path (anchored) or some prefix of it. Only the last '*'
// is ever backtracked to: with no other wildcard, matching the rest as
// early as possible after it loses nothing, so the time is bounded by
// len(path)*len(pattern) and nothing is allocated.
func globMatch[P string | []byte](path string, pattern P, anchored bool) bool {
	p, s := 0, 0
	star, starS := -1, 0
	for s < len(path) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, starS = p, s
			p++
		case p < len(pattern) && pattern[p] == path[s]:
			p++
			s++
		case p == len(pattern) && !anchored:
			return true
		case star >= 0:
			p = star + 1
			starS++
			s = starS
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
