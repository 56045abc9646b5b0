package rules

// patternCovers reports whether pattern q matches every URL path that
// pattern r matches, both read as Google, Bing, Yandex and RFC 9309
// parsers read a pattern: '*' matches any run of bytes, a final '$' ends
// the path, and a pattern without one also matches every longer path.
//
// The answer is exact when it is true and conservative when it is false:
// q must match r's text with each of r's wildcards (and the open end of
// an unanchored r) left as a wildcard, which only a '*' of q can absorb.
// Every path r matches then replaces those wildcards with some bytes,
// which the same '*' of q absorb, so q matches it too. A q that covers r
// only through what r's wildcards happen to leave around them would be
// missed, which can cost a finding but never make a false one.
//
// The walk is the usual one for a pattern with '*': on a mismatch, the
// last '*' of q takes one more symbol of r and the rest is tried again,
// which bounds the work by len(q)*len(r) and is complete here as it is for
// plain text, r's wildcards being one more symbol of the alphabet.
func patternCovers(q, r []byte) bool {
	qEnd := len(q) > 0 && q[len(q)-1] == '$'
	if qEnd {
		q = q[:len(q)-1]
	}
	// r as symbols: its bytes, then a wildcard for the open end of an
	// unanchored pattern. A '*' of r is a wildcard symbol: q's literal
	// bytes are never '*', so they never match one.
	n := len(r)
	if len(r) > 0 && r[len(r)-1] == '$' {
		r = r[:len(r)-1]
		n = len(r)
	} else {
		n = len(r) + 1
	}
	p, s := 0, 0
	star, starS := -1, 0
	for {
		switch {
		case p == len(q) && (!qEnd || s == n):
			return true
		case p < len(q) && q[p] == '*':
			star, starS = p, s
			p++
		case p < len(q) && s < len(r) && q[p] == r[s]:
			p++
			s++
		case star >= 0 && starS < n:
			starS++
			p, s = star+1, starS
		default:
			return false
		}
	}
}
