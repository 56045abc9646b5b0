package rules

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// WildcardPortability reports a '*' or '$' that the targeted crawlers do
// not all read as the writer meant: a '$' before the end of a pattern
// (literal to everyone), "**", a '*' in a User-agent value (which no
// crawler reads as a wildcard) and, when legacy parsers are targeted, any
// wildcard in a path, since the 1994 standard has none.
var WildcardPortability = &lint.Rule{
	Name:    "wildcard-portability",
	Summary: "a `*` or `$` that crawlers do not read as a wildcard",
	Doc: lint.Doc{
		What: "Reports wildcards that do not work as intended: a `$` that is not the last character of a pattern, " +
			"a `**`, a `*` in a User-agent value such as `Bingbot*` or `*bot`, and, when the `legacy` profile is " +
			"targeted, any `*` or `$` in an Allow or Disallow path.",
		Why: "Google, Bing, Yandex and RFC 9309 parsers read `*` as any run of characters and `$` as the end of " +
			"the URL only as a pattern's last character; anywhere else `$` is a literal dollar sign. In User-agent " +
			"lines `*` is a wildcard only when it stands alone: Google reads `Bingbot*` as `Bingbot`, while Bing and " +
			"RFC 9309 parsers compare the whole value, star included, and match no crawler. Parsers that follow the " +
			"1994 standard know no wildcards at all and look for the characters themselves. A `**` means the same " +
			"as `*` to every crawler, only less plainly.",
		Instead: "End a pattern with `$` only to anchor it, write a single `*`, and name crawlers by their exact " +
			"token (`User-agent: Bingbot`), or use `User-agent: *` for all of them.",
		FixSafety: "Writing a single `*` for `**` in a path is safe (applied by `--fix`): every crawler matches the same " +
			"URLs with either. It is unsafe (applied only with `--unsafe-fixes`) when the shorter pattern could " +
			"change which rule wins: Google and RFC 9309 parsers follow the longer of an Allow and a Disallow " +
			"that both match, so a rule of the other kind whose length lies between the old and the new one makes " +
			"it unsafe; so does an Allow of an `index.html` path, which Google also reads as allowing its " +
			"directory, and a file larger than 500 KiB, where a shorter line moves the point crawlers stop " +
			"reading. Writing `*` for a User-agent value of several stars, and the crawler's token for " +
			"`Bingbot*`, are never safe: Bing, Yandex and RFC 9309 parsers, which matched no crawler with the " +
			"value, come to apply the group, and nothing proves they then agree with Google. A `$` inside a " +
			"pattern, and a wildcard that legacy parsers read as a character, get no fix: only you know what was " +
			"meant.",
	},
	Flagged:  "User-agent: Bingbot*\nDisallow: /search$page\n",
	Clean:    "User-agent: Bingbot\nDisallow: /search\nDisallow: /*.pdf$\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runWildcardPortability,
}

func runWildcardPortability(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	w := &wildcardCheck{pass: pass, pastLimit: pastSizeLimit(f)}
	legacy := pass.Targeted(match.Legacy)
	for i := range f.Lines {
		l := &f.Lines[i]
		switch l.Directive {
		case syntax.DirectiveUserAgent:
			w.agent(l)
		case syntax.DirectiveOther:
			if match.GoogleDirective(f.Text(l.Key())) == syntax.DirectiveUserAgent {
				w.agent(l)
			}
		}
		// Every wildcard is a finding for legacy parsers; otherwise only
		// the rare '$' and "**" are, which the searches below find.
		if !legacy {
			continue
		}
		if _, ok := googleRuleKind(f, i); ok {
			if value := f.Text(l.Value()); hasWildcard(value) {
				w.legacy(l, value)
			}
		}
	}
	ruleLinesWithByte(pass, "$", func(i int, l *syntax.Line, value []byte) {
		if d := bytes.IndexByte(value, '$'); d >= 0 && d < len(value)-1 {
			w.dollar(l, d)
		}
	})
	ruleLinesWithString(pass, "**", func(i int, l *syntax.Line, value []byte) {
		if s := bytes.Index(value, []byte("**")); s >= 0 {
			allow, _ := googleRuleKind(f, i)
			w.stars(i, l, allow, value, s)
		}
	})
}

type wildcardCheck struct {
	pass      *lint.Pass
	pastLimit bool
	prios     *priorities // built on first use
}

// readers names the targeted crawlers that read wildcards.
func (w *wildcardCheck) readers() []string {
	if names := prose.Readers(targetsWhere(w.pass, func(p *match.Profile) bool { return p != match.Legacy })); len(names) > 0 {
		return names
	}
	return []string{match.RFC9309.Readers}
}

// dollar reports the '$' at offset d of line l's value, which is not its
// last character.
func (w *wildcardCheck) dollar(l *syntax.Line, d int) {
	f, start := w.pass.File, l.Value().Start
	w.pass.Report(syntax.Span{Start: start + d, End: start + d + 1},
		fmt.Sprintf("`$` marks the end of the URL only as the last character of a pattern: here %s it as a literal `$`, "+
			"so %s matches only URLs that contain a dollar sign", prose.Subject(w.readers(), "reads", "read"), prose.Quote(f.Text(l.Value()))))
}

// stars reports the run of '*' at offset s of the value of line l, line
// i.
func (w *wildcardCheck) stars(i int, l *syntax.Line, allow bool, value []byte, s int) {
	start := l.Value().Start
	e := s
	for e < len(value) && value[e] == '*' {
		e++
	}
	span := syntax.Span{Start: start + s, End: start + e}
	fix := lint.Fix{Title: "Write a single `*`", Edits: []lint.Edit{{Span: span, NewText: "*"}}}
	fix.Safe = w.shortenSafe(i, allow, value, e-s-1)
	w.pass.Report(span, fmt.Sprintf("`%s` matches what a single `*` matches, for %s alike", value[s:e], prose.Join(w.readers())),
		lint.WithSeverity(lint.Info), lint.WithFix(fix))
}

// legacy reports the first wildcard of line l's value, which legacy
// parsers read as a plain character.
func (w *wildcardCheck) legacy(l *syntax.Line, value []byte) {
	f, start := w.pass.File, l.Value().Start
	k := bytes.IndexAny(value, "*$")
	w.pass.Report(syntax.Span{Start: start + k, End: start + k + 1},
		fmt.Sprintf("%s read `%c` as a plain character, so to them %s matches only URLs "+
			"that contain it, while %s it as a wildcard", match.Legacy.Readers, value[k], prose.Quote(f.Text(l.Value())), prose.Subject(w.readers(), "reads", "read")),
		lint.WithSeverity(lint.Info))
}

// shortenSafe reports whether removing n bytes from a pattern, which
// changes nothing about the paths it matches, also keeps every verdict:
// the pattern's length is its priority, so it must not cross the priority
// of a rule of the other kind. Google's reading of an index.html Allow
// depends on more than the length, and a shorter line moves others across
// RFC 9309's size limit; neither is attempted.
func (w *wildcardCheck) shortenSafe(line int, allow bool, value []byte, n int) bool {
	if w.pastLimit || allow && bytes.Contains(value, []byte("/index.htm")) {
		return false
	}
	if w.prios == nil {
		w.prios = newPriorities(w.pass)
	}
	for _, p := range []*match.Profile{match.Google, match.RFC9309} {
		l := w.pass.Layout(p)
		if k := l.RuleAt(line); k >= 0 && !w.prios.lengthChangeSafe(allow, int(l.Rules[k].Priority), int(l.Rules[k].Priority)-n) {
			return false
		}
	}
	return true
}

// agent checks a User-agent value for a '*' that is not the lone '*' of
// the default group.
func (w *wildcardCheck) agent(l *syntax.Line) {
	pass, f := w.pass, w.pass.File
	value := f.Text(l.Value())
	if bytes.IndexByte(value, '*') < 0 || match.GoogleAgent(value) == "*" {
		return
	}
	// Text with spaces, colons or markup is not a crawler's name gone
	// wrong but lines run together or a page served as robots.txt; other
	// rules say so.
	if bytes.ContainsAny(value, " \t:<>;,\"") {
		return
	}
	token := match.GoogleAgent(value)
	others := prose.Readers(targetsWhere(pass, func(p *match.Profile) bool {
		return p == match.RFC9309 || p == match.Bing || p == match.Yandex
	}))
	quoted := prose.Quote(f.Text(l.Value()))
	var msg string
	var fix *lint.Fix
	if token == "" {
		msg = fmt.Sprintf("`*` is a wildcard only as the whole User-agent value: Google reads %s as an empty name, which no crawler has", quoted)
		if len(others) > 0 {
			msg += fmt.Sprintf(", and %s the whole value, star included", prose.Subject(others, "compares", "compare"))
		}
		msg += "; write `User-agent: *` to address every crawler"
		if strings.Trim(string(value), "*") == "" {
			fix = &lint.Fix{Title: "Write `*`", Edits: []lint.Edit{{Span: l.Value(), NewText: "*"}}}
		}
	} else {
		name := string(value[:len(token)])
		c := kb.LookupCrawler(name)
		trailing := strings.TrimRight(string(value), "*") == name
		if len(others) == 0 || trailing && c != nil && c.Operator == "Google" {
			// Only Google reads this value as written here, and it reads
			// the crawler's name: the star is harmless. An old form of
			// Google's own documentation wrote "Mediapartners-Google*".
			return
		}
		msg = fmt.Sprintf("`*` is a wildcard only as the whole User-agent value: Google reads %s as `%s`, but %s the whole value, "+
			"star included, and so %s", quoted, name, prose.Subject(others, "compares", "compare"),
			prose.Verb(others, "applies the group to no crawler it knows", "apply the group to no crawler they know"))
		if trailing && c != nil {
			fix = &lint.Fix{Title: fmt.Sprintf("Name the crawler `%s`", name), Edits: []lint.Edit{{Span: l.Value(), NewText: name}}}
		}
	}
	var opts []lint.ReportOption
	if fix != nil {
		// Other crawlers then read a group they did not read before:
		// nothing proves they end up agreeing with Google.
		opts = append(opts, lint.WithFix(*fix))
	}
	star := bytes.IndexByte(value, '*')
	pass.Report(syntax.Span{Start: l.Value().Start + star, End: l.Value().Start + star + 1}, msg, opts...)
}

// hasWildcard reports whether value holds a '*' or a '$', looking at
// eight bytes at a time: most lines of a large file are rules, and this is
// all most of them get.
func hasWildcard(value []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(value); i += 8 {
		w := binary.LittleEndian.Uint64(value[i:])
		star, dollar := w^('*'*ones), w^('$'*ones)
		if ((star-ones)&^star|(dollar-ones)&^dollar)&highs != 0 {
			return true
		}
	}
	for ; i < len(value); i++ {
		if value[i] == '*' || value[i] == '$' {
			return true
		}
	}
	return false
}
