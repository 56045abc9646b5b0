package rules

import (
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// lineReading is what a crawler makes of a line's text, as lint/match
// reads it: the directive it acts on and the value, for the rules that
// compare a line before and after an edit and say what crawlers read.
type lineReading struct {
	// d is the directive; DirectiveNone when the crawler reads none.
	// Google's reading holds only the directives Google acts on
	// (user-agent, allow, disallow, sitemap); the standards' holds any
	// key a colon follows, DirectiveOther for an unknown one.
	d     syntax.Directive
	value string
	// blank says the line is blank, which ends a group for Yandex and the
	// 1994 standard.
	blank bool
}

// readAsGoogle returns what Google reads in a line's text (see
// match.GoogleText).
func readAsGoogle(text []byte) lineReading {
	d, _, value, _ := match.GoogleText(text)
	return googleReading(d, value)
}

// readAsGoogleUncut returns what Google would read in a line's text
// without its limit on a line's length.
func readAsGoogleUncut(text []byte) lineReading {
	d, _, value := match.GoogleTextUncut(text)
	return googleReading(d, value)
}

// readGoogleLine returns what Google reads on line i of f.
func readGoogleLine(f *syntax.File, i int) lineReading {
	d, _, value, _ := match.GoogleLine(f, i)
	return googleReading(d, value)
}

func googleReading(d syntax.Directive, value []byte) lineReading {
	if d == syntax.DirectiveOther || d == syntax.DirectiveNone {
		return lineReading{}
	}
	return lineReading{d: d, value: string(value)}
}

// readAsStandard returns what the standards read in a line's text (see
// match.StandardText).
func readAsStandard(text []byte) lineReading {
	d, value, blank := match.StandardText(text)
	return lineReading{d: d, value: string(value), blank: blank}
}

// ok reports whether the crawler reads a directive on the line.
func (r lineReading) ok() bool { return r.d != syntax.DirectiveNone }

// token returns the value as Google compares it: the crawler token of a
// user-agent line, the value of any other.
func (r lineReading) token() string {
	if r.d == syntax.DirectiveUserAgent {
		return match.GoogleAgent([]byte(r.value))
	}
	return r.value
}

// sameToGoogle reports whether Google acts alike on two readings of its
// own: a user-agent line by its token.
func (r lineReading) sameToGoogle(o lineReading) bool {
	return r.d == o.d && r.token() == o.token()
}

// sameToStandards reports whether the standards act alike on two readings
// of theirs: a user-agent value ignoring ASCII case.
func (r lineReading) sameToStandards(o lineReading) bool {
	if r.d == syntax.DirectiveUserAgent && o.d == r.d {
		return r.blank == o.blank && syntax.LowerASCII(r.value) == syntax.LowerASCII(o.value)
	}
	return r == o
}

// quote shows Google's reading in a message: "`Disallow: /a`", with the
// crawler token of a user-agent line, or "nothing".
func (r lineReading) quote() string {
	if !r.ok() {
		return "nothing"
	}
	v := r.token()
	if r.d != syntax.DirectiveUserAgent {
		v = visibleText([]byte(v))
	}
	return "`" + r.d.Canonical() + ": " + v + "`"
}
