package match

import (
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// FuzzCheck reads any bytes under every profile and asks any query: no
// panic, and every verdict names real lines and groups and agrees with
// itself (a deciding rule's line is a rule the profile read).
func FuzzCheck(f *testing.F) {
	for _, seed := range []struct{ robots, agent, url string }{
		{"User-agent: *\nDisallow: /private\nAllow: /private/press\n", "FooBot", "/private/x"},
		{"User-agent: Yandex\n\nDisallow: /a\nUser-agent: YandexBot\nDisallow: /b%7e\n", "YandexBot", "/b~"},
		{"user agent FooBot\ndisalow /\n\xef\xbb\xbfAllow: /index.html\n", "foobot", "http://x/a/"},
		{"User-agent: *\nDisallow: /*.gif$\nDisallow: /a$b*\n", "", ""},
	} {
		f.Add([]byte(seed.robots), seed.agent, seed.url)
	}
	f.Fuzz(func(t *testing.T, robots []byte, agent, url string) {
		file := syntax.Parse(robots)
		for _, p := range Profiles() {
			r := Compile(file, p)
			v := r.Check(agent, url)
			for _, g := range v.Groups {
				if g < 0 || g >= len(r.Groups) {
					t.Fatalf("%s: group %d of %d", p.Name, g, len(r.Groups))
				}
			}
			switch {
			case v.Reason == ReasonRule && (v.Line < 0 || v.Line >= len(file.Lines)):
				t.Fatalf("%s: deciding line %d of %d", p.Name, v.Line, len(file.Lines))
			case v.Reason != ReasonRule && (v.Line != -1 || !v.Allowed):
				t.Fatalf("%s: reason %d with line %d, allowed %v", p.Name, v.Reason, v.Line, v.Allowed)
			case v.Reason == ReasonNoGroup && len(v.Groups) > 0:
				t.Fatalf("%s: no group, but groups %v", p.Name, v.Groups)
			}
			if v.Reason == ReasonRule && r.RuleText(v) == "" {
				t.Fatalf("%s: line %d decided but has no text", p.Name, v.Line)
			}
			// The same query again comes from the cached ruleset.
			if again := r.Check(agent, url); again.Allowed != v.Allowed || again.Line != v.Line {
				t.Fatalf("%s: a second query gave %+v after %+v", p.Name, again, v)
			}
		}
	})
}
