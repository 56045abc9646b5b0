package lint

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// wordRule reports every occurrence of word in a value, with a safe fix
// that replaces it by fix.
func wordRule(name, word, fix string) *Rule {
	return &Rule{
		Name: name, Summary: "test rule", Severity: Warning, Fixable: fix != "",
		Run: func(p *Pass) {
			for i := range p.File.Lines {
				l := &p.File.Lines[i]
				v := l.Value()
				if at := strings.Index(p.Text(v), word); at >= 0 {
					span := syntax.Span{Start: v.Start + at, End: v.Start + at + len(word)}
					p.Report(span, "found "+word, WithFix(Fix{Title: "Replace", Safe: true, Edits: []Edit{{span, fix}}}))
				}
			}
		},
	}
}

func rulesOf(diags []Diagnostic) string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Rule)
	}
	return strings.Join(out, " ")
}

func TestSuppressions(t *testing.T) {
	foo := wordRule("foo", "foo", "")
	bar := wordRule("bar", "bar", "")
	rules := []*Rule{foo, bar, UnusedSuppression}
	tests := []struct {
		name, src, want string
	}{
		{"none", "Disallow: /foo\n", "foo"},
		{"next line", "# robotslint:disable-next-line foo\nDisallow: /foo\nDisallow: /foo\n", "foo"},
		{"next line, two rules, a reason", "# robotslint:disable-next-line foo,bar -- legacy paths\nDisallow: /foobar\n", ""},
		{"next line, other rule", "# robotslint:disable-next-line bar\nDisallow: /foo\n", "unused-suppression foo"},
		{"range", "# robotslint:disable foo\nDisallow: /foo\nDisallow: /foo\n# robotslint:enable foo\nDisallow: /foo\n", "foo"},
		{"file", "Disallow: /foo\n# robotslint:disable-file foo\nDisallow: /foo\n", ""},
		{"unknown rule", "# robotslint:disable-file nosuch\n", "unused-suppression"},
		{"unused one of two", "# robotslint:disable-next-line foo,bar\nDisallow: /foo\n", "unused-suppression"},
		{"unused suppressed", "# robotslint:disable-file unused-suppression\n# robotslint:disable-next-line foo\n", ""},
		{"not a suppression", "# robotslint is great\nDisallow: /foo\n", "foo"},
		{"trailing comment", "Disallow: /x # robotslint:disable-file foo\nDisallow: /foo\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rulesOf(Lint([]byte(tt.src), rules, nil)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	// An unused suppression of a rule that is off is not reported.
	cfg := &Config{Rules: map[string]RuleConfig{"foo": {Severity: Off}}}
	if got := rulesOf(Lint([]byte("# robotslint:disable-next-line foo\nDisallow: /x\n"), rules, cfg)); got != "" {
		t.Errorf("off rule: got %q", got)
	}
	// The fix removes the comment, or the whole comment line.
	src := []byte("Disallow: /x   # robotslint:disable-file foo\n# robotslint:disable-file bar\nAllow: /y\n")
	fixed, _ := FixAll(src, rules, nil, false)
	if string(fixed) != "Disallow: /x\nAllow: /y\n" {
		t.Errorf("fixed: %q", fixed)
	}
}

// spanRule reports one finding over the lines from the first that holds
// "@" to the last, as rules that report a run of lines or a record do,
// with a fix that edits the finding's first line and one that edits its
// last.
var spanRule = &Rule{
	Name: "span", Summary: "test rule", Severity: Warning, Fixable: true,
	Run: func(p *Pass) {
		var lines []syntax.Span
		for i := range p.File.Lines {
			if strings.Contains(p.Text(p.File.Lines[i].Text()), "@") {
				lines = append(lines, p.File.Lines[i].Text())
			}
		}
		if len(lines) == 0 {
			return
		}
		first, last := lines[0], lines[len(lines)-1]
		p.Report(syntax.Span{Start: first.Start, End: last.End}, "lines with @",
			WithFix(Fix{Title: "Edit the first", Safe: true, Edits: []Edit{{Span: first, NewText: "first"}}}),
			WithFix(Fix{Title: "Edit the last", Safe: true, Edits: []Edit{{Span: last, NewText: "last"}}}))
	},
}

// TestSuppressionNarrows checks that a suppression covering some of the
// lines of a finding hides it there and only there.
func TestSuppressionNarrows(t *testing.T) {
	rules := []*Rule{spanRule, UnusedSuppression}
	tests := []struct {
		name, src string
		want      string // the finding's text and fix titles, or "" for none
	}{
		{"none", "@1\n@2\n@3\n", "@1\n@2\n@3 [Edit the first, Edit the last]"},
		{"first line", "# robotslint:disable-next-line span\n@1\n@2\n@3\n", "@2\n@3 [Edit the last]"},
		{"disable and enable", "# robotslint:disable span\n@1\n# robotslint:enable span\n@2\n", "@2 [Edit the last]"},
		{"last lines", "@1\n@2\n# robotslint:disable span\n@3\n", "@1\n@2 [Edit the first]"},
		// Lines between stay in the range, which is one span; no fix
		// that edits them remains.
		{"middle line", "@1\n# robotslint:disable-next-line span\n@2\n@3\n", "@1\n# robotslint:disable-next-line span\n@2\n@3 [Edit the first, Edit the last]"},
		{"both ends", "# robotslint:disable-next-line span\n@1\n@2\n# robotslint:disable-next-line span\n@3\n", "@2 []"},
		{"every line", "# robotslint:disable span\n@1\n@2\n", ""},
		{"all but a comment line", "# @\n# robotslint:disable span\n@1\n", ""},
		{"every line, two comments", "# robotslint:disable-next-line span\n@1\n# robotslint:disable-next-line span\n@2\n", ""},
		{"file", "@1\n# robotslint:disable-file span\n@2\n", ""},
		{"other rule", "# robotslint:disable-next-line unused-suppression\n@1\n@2\n", "@1\n@2 [Edit the first, Edit the last]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Lint([]byte(tt.src), rules, nil) {
				// A suppression that narrowed a finding was used.
				if d.Rule != spanRule.Name {
					t.Errorf("%s: %s", d.Rule, d.Message)
					continue
				}
				var titles []string
				for _, f := range d.Fixes {
					titles = append(titles, f.Title)
				}
				got = append(got, tt.src[d.Span.Start:d.Span.End]+" ["+strings.Join(titles, ", ")+"]")
			}
			if g := strings.Join(got, "; "); g != tt.want {
				t.Errorf("got %q, want %q", g, tt.want)
			}
		})
	}
}

func TestApplyFixes(t *testing.T) {
	src := []byte("abc\ndef")
	fix := func(start, end int, text string, safe bool) Diagnostic {
		return Diagnostic{Fixes: []Fix{{Safe: safe, Edits: []Edit{{syntax.Span{Start: start, End: end}, text}}}}}
	}
	tests := []struct {
		name   string
		diags  []Diagnostic
		unsafe bool
		want   string
		n      int
	}{
		{"one", []Diagnostic{fix(1, 2, "B", true)}, false, "aBc\ndef", 1},
		{"two lines", []Diagnostic{fix(1, 2, "B", true), fix(5, 5, "_", true)}, false, "aBc\nd_ef", 2},
		{"one fix a line", []Diagnostic{fix(0, 1, "A", true), fix(2, 2, "_", true)}, false, "Abc\ndef", 1},
		{"overlap skipped", []Diagnostic{fix(1, 3, "X", true), fix(2, 4, "Y", true)}, false, "aX\ndef", 1},
		{"same insertion point skipped", []Diagnostic{fix(2, 2, "X", true), fix(2, 2, "Y", true)}, false, "abXc\ndef", 1},
		{"unsafe not applied", []Diagnostic{fix(0, 1, "A", false)}, false, "abc\ndef", 0},
		{"unsafe on request", []Diagnostic{fix(0, 1, "A", false)}, true, "Abc\ndef", 1},
		{"outside the file", []Diagnostic{fix(5, 9, "Z", true)}, false, "abc\ndef", 0},
	}
	for _, tt := range tests {
		got, applied := ApplyFixes(src, tt.diags, tt.unsafe)
		if string(got) != tt.want || len(applied) != tt.n {
			t.Errorf("%s: got %q (%d applied), want %q (%d)", tt.name, got, len(applied), tt.want, tt.n)
		}
	}
}

// TestFixAll checks that fixing goes on until nothing changes: each round's
// fix creates the next finding, up to a fixed point.
func TestFixAll(t *testing.T) {
	grow := wordRule("grow", "aa", "a")
	fixed, diags := FixAll([]byte("Disallow: /aaaa\n"), []*Rule{grow}, nil, false)
	if string(fixed) != "Disallow: /a\n" || len(diags) != 3 {
		t.Errorf("got %q after %d fixes", fixed, len(diags))
	}
}

func TestPanickingRule(t *testing.T) {
	boom := &Rule{Name: "boom", Severity: Info, Run: func(p *Pass) { panic("oops") }}
	diags := Lint([]byte("User-agent: *\n"), []*Rule{boom, wordRule("foo", "foo", "")}, nil)
	if len(diags) != 1 || diags[0].Severity != Error || !strings.Contains(diags[0].Message, "internal error in rule boom: oops") {
		t.Errorf("got %+v", diags)
	}
}

func TestSeverityConfig(t *testing.T) {
	foo := wordRule("foo", "foo", "")
	cfg := &Config{Rules: map[string]RuleConfig{"foo": {Severity: Error}}}
	if d := Lint([]byte("Disallow: /foo\n"), []*Rule{foo}, cfg); len(d) != 1 || d[0].Severity != Error {
		t.Errorf("got %+v", d)
	}
}

func TestParseConfig(t *testing.T) {
	limit := Option{Name: "limit", Summary: "a limit", Kind: Seconds, Default: 5, Max: 60}
	rules := []*Rule{wordRule("foo", "foo", ""), {Name: "bar", Options: []Option{limit}}}
	cfg, err := ParseConfig([]byte(`
profiles = ["google", "legacy"]
[rules]
foo = "off"
[rules.bar]
severity = "info"
limit = 30
`), rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Targets) != 2 || cfg.Targets[1] != match.Legacy || cfg.Rules["foo"].Severity != Off ||
		cfg.Rules["bar"].Severity != Info || limit.Seconds(cfg.Rules["bar"].Options) != 30 {
		t.Errorf("got %+v", cfg)
	}
	// No profiles key keeps the default targets, and no option its
	// default.
	if cfg, _ := ParseConfig([]byte("[rules]\n"), rules); cfg.targets()[0] != match.Google || len(cfg.targets()) != 4 {
		t.Errorf("default targets: %v", cfg.targets())
	}
	if got := limit.Seconds(nil); got != 5 {
		t.Errorf("default limit: %v", got)
	}
	cfg, _ = ParseConfig([]byte("[rules.bar]\nlimit = 0.5"), rules)
	if got := limit.Seconds(cfg.Rules["bar"].Options); got != 0.5 {
		t.Errorf("limit = 0.5: %v", got)
	}
}

// TestConfigMistakes checks the message and line of each kind of mistake.
func TestConfigMistakes(t *testing.T) {
	limit := Option{Name: "limit", Summary: "a limit", Kind: Seconds, Default: 5, Max: 60}
	rules := []*Rule{wordRule("foo", "foo", ""), {Name: "bar", Options: []Option{limit}}}
	const mustBeSeconds = "rules.bar.limit must be a number of seconds from 0 to 60, not "
	for _, tt := range []struct {
		src  string
		line int
		want string
	}{
		{`profiles = ["gogle"]`, 1, `profiles: unknown profile "gogle": the profiles are google, rfc9309, bing, yandex, legacy`},
		{`profiles = "google"`, 1, `profiles must be a list of profile names such as ["google", "bing"], not "google"`},
		{`profiles = ["google", 3]`, 1, `profiles must be a list of profile names such as ["google", "bing"], not a list holding 3`},
		{"target = 1", 1, `unknown setting "target": the settings are profiles, site, pages and rules`},
		{"rules = 3", 1, "rules must be a table of rule names and severities, not 3"},
		{"\nsite = 3", 2, `site must be the site's origin as a string, such as "https://example.com", not 3`},
		{`site = ""`, 1, `site is empty: write the site's origin, such as "https://example.com"`},
		{`site = "example.com"`, 1, `site "example.com" has no scheme: write "https://example.com"`},
		{`site = "example.com:8080/"`, 1, `site "example.com:8080/" has no scheme: write "https://example.com:8080"`},
		{`site = "ftp://example.com"`, 1, `site "ftp://example.com" is not an http or https URL: write the site's origin, such as "https://example.com"`},
		{`site = "https:///robots.txt"`, 1, `site "https:///robots.txt" has no host: write the site's origin, such as "https://example.com"`},
		{`site = "https://example.com/robots.txt"`, 1, `site "https://example.com/robots.txt" has more than a scheme and host: a robots.txt applies to a whole host, so write "https://example.com"`},
		{`site = "https://example.com/?a"`, 1, `site "https://example.com/?a" has more than a scheme and host: a robots.txt applies to a whole host, so write "https://example.com"`},
		{`site = "https://me@example.com"`, 1, `site "https://me@example.com" holds a user name: write only the scheme and host, "https://example.com"`},
		{`site = "https://exa mple.com"`, 1, `site "https://exa mple.com" is not a URL: write the site's origin, such as "https://example.com"`},
		{"\n[rules]\nfooo = \"off\"", 3, `rules: there is no rule named "fooo"`},
		{"[rules]\n\n\"foo.bar\" = \"off\"", 3, `rules: there is no rule named "foo.bar"`},
		{"[rules]\n\nfoo = \"loud\"", 3, `rules.foo: unknown severity "loud": use error, warning, info, hint or off`},
		{"[rules]\nfoo = 3", 2, "rules.foo must be a severity (error, warning, info, hint or off) or a table, not 3"},
		{"[rules]\nfoo = [\"off\"]", 2, "rules.foo must be a severity (error, warning, info, hint or off) or a table, not a list"},
		{"[rules.bar]\nseverity = 1", 2, "rules.bar.severity must be error, warning, info, hint or off, not 1"},
		{"[rules.bar]\nseverity = \"loud\"", 2, `rules.bar.severity: unknown severity "loud": use error, warning, info, hint or off`},
		{"[rules.bar]\nlimt = 3", 2, `rules.bar: the rule has no option "limt": its options are limit`},
		{"[rules.foo]\nlimit = 3", 2, `rules.foo: the rule has no option "limit": it takes none, only a severity`},
		{"[rules.bar]\n\nlimit = \"thirty\"", 3, mustBeSeconds + `"thirty"`},
		{"[rules.bar]\nlimit = \"30\"", 2, mustBeSeconds + `"30"`},
		{"[rules.bar]\nlimit = true", 2, mustBeSeconds + "true"},
		{"[rules.bar]\nlimit = -5", 2, mustBeSeconds + "-5"},
		{"[rules.bar]\nlimit = 61", 2, mustBeSeconds + "61"},
		{"[rules.bar]\nlimit = 60.5", 2, mustBeSeconds + "60.5"},
		{"[rules.bar]\nlimit = nan", 2, mustBeSeconds + "NaN"},
		{"[rules.bar]\nlimit = inf", 2, mustBeSeconds + "+Inf"},
		{"[rules.bar]\nlimit = [1]", 2, mustBeSeconds + "a list"},
		{"[rules.bar]\nlimit = 1979-05-27", 2, mustBeSeconds + "a date"},
		{"rules = {bar = {limit = -1}}", 1, mustBeSeconds + "-1"},
		// The first mistake in the file is the one reported.
		{"[rules.bar]\nlimit = -1\n[rules.foo]\nseverity = 2", 2, mustBeSeconds + "-1"},
		{"[rules.foo]\nseverity = 2\n[rules.bar]\nlimit = -1", 2, "rules.foo.severity must be error, warning, info, hint or off, not 2"},
		{"profiles = [", 1, "not valid TOML: unexpected EOF; expected value"},
	} {
		cfg, err := ParseConfig([]byte(tt.src), rules)
		var mistake *ConfigError
		if !errors.As(err, &mistake) || mistake.Message != tt.want || mistake.Line != tt.line {
			t.Errorf("%q: got %#v, want line %d: %s", tt.src, err, tt.line, tt.want)
		}
		if cfg != nil && cfg.Rules["bar"].Options != nil {
			t.Errorf("%q: a value in error was kept: %v", tt.src, cfg.Rules["bar"].Options)
		}
	}
}

// TestConfigSite checks that a site setting is kept as its origin: lower
// case, without the scheme's default port or a trailing slash.
func TestConfigSite(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.com":        "https://example.com",
		"HTTPS://WWW.Example.COM/":   "https://www.example.com",
		"https://example.com:443":    "https://example.com",
		"http://example.com:80/":     "http://example.com",
		"http://example.com:8080":    "http://example.com:8080",
		"https://[2001:db8::1]:8443": "https://[2001:db8::1]:8443",
	} {
		cfg, err := ParseConfig([]byte("site = "+strconv.Quote(in)), nil)
		if err != nil || cfg.Site != want {
			t.Errorf("site = %q: got %q, %v; want %q", in, cfg.Site, err, want)
		}
	}
}

// TestCheckConfig checks settings as JSON decodes them, where every
// number is a float64 and there are no lines: what is right is kept, and
// every mistake reported.
func TestCheckConfig(t *testing.T) {
	limit := Option{Name: "limit", Summary: "a limit", Kind: Seconds, Default: 5, Max: 60}
	rules := []*Rule{wordRule("foo", "foo", ""), {Name: "bar", Options: []Option{limit}}}
	values := map[string]any{
		"profiles": []any{"google", "nosuch"},
		"rules": map[string]any{
			"foo": "off",
			"bar": map[string]any{"limit": float64(30), "severity": false},
			"baz": "info",
		},
	}
	cfg, errs := CheckConfig(values, rules)
	var got []string
	for _, e := range errs {
		got = append(got, e.Key+": "+e.Message)
	}
	want := []string{
		`profiles: profiles: unknown profile "nosuch": the profiles are google, rfc9309, bing, yandex, legacy`,
		"rules.bar.severity: rules.bar.severity must be error, warning, info, hint or off, not false",
		`rules.baz: rules: there is no rule named "baz"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(cfg.Targets) != 1 || cfg.Rules["foo"].Severity != Off || limit.Seconds(cfg.Rules["bar"].Options) != 30 {
		t.Errorf("kept %+v", cfg)
	}
}

func TestCheckFixSafety(t *testing.T) {
	targets := DefaultTargets()
	tests := []struct {
		before, after string
		safe          bool
	}{
		// Google reads Disalow already; the others now agree with it.
		{"User-agent: *\nDisalow: /x\n", "User-agent: *\nDisallow: /x\n", true},
		// A comment changes nothing.
		{"User-agent: *\nDisallow: /x # a\n", "User-agent: *\nDisallow: /x\n", true},
		// Removing a rule changes Google's verdict.
		{"User-agent: *\nDisallow: /x\n", "User-agent: *\n", false},
		// Google drops the three-word line; adding a colon changes it.
		{"User-agent: *\nDisallow /x y\n", "User-agent: *\nDisallow: /x y\n", true},
		{"User-agent: *\nDisallow: /x\n", "User-agent: *\nDisallow: /y\n", false},
	}
	for _, tt := range tests {
		why := CheckFixSafety([]byte(tt.before), []byte(tt.after), targets)
		if (why == "") != tt.safe {
			t.Errorf("%q -> %q: %q, want safe %v", tt.before, tt.after, why, tt.safe)
		}
	}
}

// TestCheckFixSafetyPastLimit checks that fix safety reads a file as the
// profiles match it, through their size limit: an edit past 500 KiB
// changes no verdict, and one that changes what the cut line keeps does.
func TestCheckFixSafetyPastLimit(t *testing.T) {
	head := "User-agent: *\n" + strings.Repeat("# "+strings.Repeat("x", 97)+"\n", syntax.SizeLimit/100-1)
	head += "#" + strings.Repeat("x", syntax.SizeLimit-len(head)-len("Disallow: /p")-2) + "\n"
	before := head + "Disallow: /private/\nDisallow: /late/\n"
	targets := DefaultTargets()
	if why := CheckFixSafety([]byte(before), []byte(head+"Disallow: /private/\n"), targets); why != "" {
		t.Errorf("removing a rule past the limit: %s", why)
	}
	if why := CheckFixSafety([]byte(before), []byte(head+"Disallow: /q\n"), targets); why == "" {
		t.Errorf("changing what the cut line keeps is called safe")
	}
}

// TestPastLimitFindings checks that findings past what every target reads
// are dropped, but those of a rule about that part, and that a target
// that reads the whole file keeps them.
func TestPastLimitFindings(t *testing.T) {
	src := []byte("Disallow: /foo\n" + strings.Repeat("#\n", syntax.SizeLimit/2) + "Disallow: /foo\n")
	limit := wordRule("limit", "foo", "")
	limit.PastLimit = true
	rules := []*Rule{wordRule("any", "foo", ""), limit}
	if got := rulesOf(Lint(src, rules, nil)); got != "any limit limit" {
		t.Errorf("default targets: %s, want any limit limit", got)
	}
	if got := rulesOf(Lint(src, rules, &Config{Targets: []*match.Profile{match.Google, match.Legacy}})); got != "any limit any limit" {
		t.Errorf("with legacy: %s, want any limit any limit", got)
	}
}

func TestFindConfig(t *testing.T) {
	files := map[string]string{
		filepath.Join("/site", ConfigFileName):       "profiles = [\"google\"]",
		filepath.Join("/site/bad", ConfigFileName):   "",
		filepath.Join("/other/x/y", "robots.txt"):    "",
		filepath.Join("/locked/dir", ConfigFileName): "",
	}
	read := func(path string) ([]byte, error) {
		if strings.HasPrefix(path, "/locked") {
			return nil, fs.ErrPermission
		}
		if data, ok := files[path]; ok && data != "" {
			return []byte(data), nil
		}
		return nil, fs.ErrNotExist
	}
	tests := []struct {
		dir, path string
		err       bool
	}{
		{"/site/a/b", filepath.Join("/site", ConfigFileName), false},
		{"/site", filepath.Join("/site", ConfigFileName), false},
		{"/other/x/y", "", false},
		{"/locked/dir", filepath.Join("/locked/dir", ConfigFileName), true},
	}
	for _, tt := range tests {
		path, data, err := FindConfig(tt.dir, read)
		if path != tt.path || (err != nil) != tt.err || (tt.path != "" && !tt.err && len(data) == 0) {
			t.Errorf("FindConfig(%s) = %q, %q, %v", tt.dir, path, data, err)
		}
	}
}

// TestLayoutSharedByLikeProfiles checks that Bing, which reads files as
// RFC 9309 does, gets RFC 9309's layout under its own name rather than a
// second reading.
func TestLayoutSharedByLikeProfiles(t *testing.T) {
	f := syntax.Parse([]byte("User-agent: bingbot\nDisallow: /a\n\nUser-agent: *\nAllow: /\n"))
	pass := &Pass{File: f, Targets: match.Profiles(), shared: &shared{}}
	bing, rfc := pass.Layout(match.Bing), pass.Layout(match.RFC9309)
	if bing.Profile != match.Bing || rfc.Profile != match.RFC9309 {
		t.Fatalf("layouts for %s and %s, want bing and rfc9309", bing.Profile.Name, rfc.Profile.Name)
	}
	if &bing.Rules[0] != &rfc.Rules[0] {
		t.Error("Bing's layout reads the file again instead of sharing RFC 9309's")
	}
	if got, want := bing.Select("bingbot"), match.ReadLayout(f, match.Bing).Select("bingbot"); !slices.Equal(got, want) {
		t.Errorf("shared layout selects %v for bingbot, Bing's own reading %v", got, want)
	}
}
