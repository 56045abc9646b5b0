package rules

import (
	"testing"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
)

// The user-agent rules read tokens with helpers that avoid allocating;
// these tests hold them to the functions they stand in for.

func TestUAGoogleTokenInto(t *testing.T) {
	values := []string{
		"", "*", "* foo", "*\tfoo", "*bot", "*/x", "Googlebot", "Googlebot/2.1", "MJ12bot", "360Spider",
		"Lycos MomSpider", "archive.org_bot", "GOOGLEBOT-Image", "Mozilla/5.0 (compatible; bingbot/2.0)",
		"*\vx", "ÄBot", "a_b-c",
	}
	for _, v := range values {
		if got, want := string(appendGoogleToken(nil, []byte(v))), match.GoogleAgent([]byte(v)); got != want {
			t.Errorf("appendGoogleToken(%q) = %q, GoogleAgent gives %q", v, got, want)
		}
	}
}

func TestUALookup(t *testing.T) {
	for _, c := range kb.Crawlers() {
		if got := lookupCrawler([]byte(c.Token)); got == nil || got.Token != c.Token {
			t.Errorf("lookupCrawler(%q) = %v", c.Token, got)
		}
	}
	if knownCrawler([]byte("Spider")) != nil || knownCrawler([]byte("googlebot")) == nil {
		t.Error("knownCrawler: generic words must not count, Googlebot must")
	}
}

// osaDistance is the optimal-string-alignment distance, computed the long way.
func osaDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestUAOneTypo(t *testing.T) {
	words := []string{"", "a", "ab", "ba", "abc", "acb", "googlebot", "googelbot", "googlebto", "gooblebot",
		"googlebots", "oogleboot", "bingbot", "pingbot", "claudebot", "claudbot", "ab", "aab", "abb"}
	for _, a := range words {
		for _, b := range words {
			if got, want := oneTypo(a, b), osaDistance(a, b) == 1; got != want {
				t.Errorf("oneTypo(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

func TestUAClassify(t *testing.T) {
	for _, c := range []struct {
		value string
		want  agentValueKind
	}{
		{"", agentEmpty}, {"*", agentValid}, {"Googlebot", agentValid}, {"Googlebot*", agentWildcard}, {"*bot", agentWildcard},
		{"Lycos MomSpider", agentWords}, {"ChatGPT Agent", agentInvalid}, {"Googlebot/2.1", agentInvalid},
		{"MJ12bot", agentInvalid}, {"* foo", agentInvalid},
	} {
		if got := classifyAgent([]byte(c.value)); got != c.want {
			t.Errorf("classifyAgent(%q) = %d, want %d", c.value, got, c.want)
		}
	}
}
