package lint

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/robotslint/robotslint/syntax"
)

// UnusedSuppression is the rule the engine itself reports: a suppression
// comment that suppresses nothing. It belongs in every rule list.
var UnusedSuppression = &Rule{
	Name:    "unused-suppression",
	Summary: "a suppression comment that suppresses nothing",
	Doc: Doc{
		What: "Reports a `# robotslint:disable...` comment, or a rule name in one, that suppresses no diagnostic: " +
			"the rule it names reports nothing there, or no rule has that name.",
		Why: "A stale suppression hides the next real finding on its line, and a misspelled rule name " +
			"suppresses nothing while looking as if it did.",
		Instead: "Remove the comment, or correct the rule name.",
		FixSafety: "Removing the comment is safe (applied by `--fix`): no crawler reads comments, except in a file " +
			"larger than 500 KiB, where a shorter file brings lines past the limit within the crawlers' reach, so " +
			"there the fix is unsafe (applied only with `--unsafe-fixes`). A comment that names several rules, only " +
			"some of which suppress nothing, gets no fix: remove those names by hand.",
	},
	Flagged:  "User-agent: *\n# robotslint:disable-next-line misspelled-directive\nDisallow: /private\n",
	Clean:    "User-agent: *\nDisallow: /private\n",
	Severity: Warning,
	Fixable:  true,

	// A comment that suppresses nothing changes nothing: editors fade it.
	Unnecessary: true,
}

// The suppression comments, after "# robotslint:".
const (
	disableNextLine = "disable-next-line"
	disableFile     = "disable-file"
	disable         = "disable"
	enable          = "enable"
)

// suppression is one suppression comment.
type suppression struct {
	line  int         // the comment's line
	span  syntax.Span // the comment
	kind  string
	rules []string
	used  []bool // parallel to rules
	// first and end delimit the lines it covers: [first, end).
	first, end int
}

// parseSuppressions finds the suppression comments of f. A malformed one
// (no rule named) is ignored, as any other comment.
func parseSuppressions(f *syntax.File) []*suppression {
	var found []foundSuppression
	for i := range f.Lines {
		c := f.Lines[i].Comment()
		if c.Len() == 0 {
			continue
		}
		kind, rules, _ := readSuppression(string(f.Text(c)))
		if len(rules) == 0 {
			continue
		}
		found = append(found, foundSuppression{&suppression{line: i, span: c, kind: kind, rules: rules, used: make([]bool, len(rules))}, i, i})
	}
	return cover(found, len(f.Lines))
}

// A foundSuppression is a suppression comment before cover sets what it
// covers, with the lines it starts and ends on: one in robots.txt, where
// a comment ends its line, but an HTML comment may run over several.
type foundSuppression struct {
	s           *suppression
	first, last int
}

// cover sets the lines each comment of found covers, in a file of n lines,
// and returns those that suppress something: a disable-next-line the line
// after the comment ends, a disable-file every line, a disable the lines up
// to the enable that ends it. An enable suppresses nothing itself, so it is
// never reported.
func cover(found []foundSuppression, n int) []*suppression {
	var out []*suppression
	open := map[string]*suppression{} // rule -> the disable comment in force
	for _, f := range found {
		s := f.s
		switch s.kind {
		case disableNextLine:
			s.first, s.end = f.last+1, f.last+2
		case disableFile:
			s.first, s.end = 0, n
		case disable:
			s.first, s.end = f.first, n
			for _, r := range s.rules {
				open[r] = s
			}
		case enable:
			for _, r := range s.rules {
				if d := open[r]; d != nil {
					d.end = min(d.end, f.first)
					delete(open, r)
				}
			}
			continue
		default:
			continue
		}
		out = append(out, s)
	}
	return out
}

// readSuppression reads a comment, from its "#", as a suppression comment:
// "# robotslint:KIND a,b -- reason", the rule names running up to the
// reason or to a further comment. end is the offset in comment just past
// the last name, where another can be added. There are no names in a
// comment of any other kind.
func readSuppression(comment string) (kind string, names []string, end int) {
	text := strings.TrimLeftFunc(strings.TrimPrefix(comment, "#"), unicode.IsSpace)
	rest, ok := strings.CutPrefix(text, "robotslint:")
	if !ok {
		return "", nil, 0
	}
	at := len(comment) - len(rest) // where rest starts in comment
	for i := 0; i < len(rest); {
		if r, size := utf8.DecodeRuneInString(rest[i:]); unicode.IsSpace(r) {
			i += size
			continue
		}
		j := i + strings.IndexFunc(rest[i:], unicode.IsSpace)
		if j < i {
			j = len(rest)
		}
		field := rest[i:j]
		i = j
		switch {
		case kind == "":
			kind = field
			continue
		case field == "--" || strings.HasPrefix(field, "#"):
			return kind, names, end
		}
		for n := range strings.SplitSeq(field, ",") {
			if n != "" {
				names = append(names, n)
				end = at + j
			}
		}
	}
	return kind, names, end
}

// SuppressFix returns the fix that silences d where it starts: a
// "# robotslint:disable-next-line RULE" comment above that line, indented
// as the line is and ended as the file's lines are, or RULE added to the
// disable-next-line comment already above it. There is none for a finding
// of unused-suppression: a comment to silence the report of a useless
// comment only adds another.
func SuppressFix(f *syntax.File, d *Diagnostic) (Fix, bool) {
	if len(f.Lines) == 0 || d.Rule == UnusedSuppression.Name {
		return Fix{}, false
	}
	i := max(f.LineAt(d.Span.Start), 0)
	fix := Fix{Title: "Disable " + d.Rule + " for this line", Safe: true}
	if i > 0 {
		c := f.Lines[i-1].Comment()
		if kind, names, end := readSuppression(string(f.Text(c))); kind == disableNextLine && len(names) > 0 {
			at := c.Start + end
			fix.Edits = []Edit{{Span: syntax.Span{Start: at, End: at}, NewText: "," + d.Rule}}
			return fix, true
		}
	}
	line := &f.Lines[i]
	text := f.Text(line.Text())
	indent := text[:len(text)-len(bytes.TrimLeft(text, " \t"))]
	at := line.Span.Start
	fix.Edits = []Edit{{Span: syntax.Span{Start: at, End: at}, NewText: string(indent) + "# robotslint:" + disableNextLine + " " + d.Rule + f.Newline()}}
	return fix, true
}

// covers reports whether s covers line i.
func (s *suppression) covers(i int) bool { return s.first <= i && i < s.end }

// suppress applies the suppression comments sups of f to diags (see
// narrow), and adds one diagnostic of unused-suppression for each comment,
// or rule name in one, that applied to nothing.
func suppress(f *syntax.File, sups []*suppression, diags []Diagnostic, rules []*Rule, cfg *Config) []Diagnostic {
	if len(sups) == 0 {
		return diags
	}
	kept := diags[:0]
	for _, d := range diags {
		if d, ok := narrow(f, sups, d); ok {
			kept = append(kept, d)
		}
	}
	diags = kept

	// Past 500 KiB, a shorter file brings lines within the crawlers' reach
	// that they did not read before.
	safe := len(f.Bytes()) <= syntax.SizeLimit
	return append(diags, unusedSuppressions(sups, rules, cfg, ScopeFile, func(s *suppression) Fix {
		return Fix{Title: "Remove the suppression comment", Safe: safe, Edits: []Edit{removeComment(f, s.line)}}
	})...)
}

// unusedSuppressions returns a diagnostic of unused-suppression for each
// comment of sups, or rule name in one, that applied to nothing, in a file
// of rules of scope linted (ScopeFile for a robots.txt, ScopePage for a
// page). A comment all of whose names are unused gets the fix remove
// makes.
func unusedSuppressions(sups []*suppression, rules []*Rule, cfg *Config, linted Scope, remove func(*suppression) Fix) []Diagnostic {
	severity := cfg.Severity(UnusedSuppression, 0)
	if !slices.Contains(rules, UnusedSuppression) || severity == Off {
		return nil
	}
	known := map[string]*Rule{}
	for _, r := range rules {
		known[r.Name] = r
	}
	var diags []Diagnostic
	for _, s := range sups {
		var unused []string
		for k, name := range s.rules {
			// A rule that is off might report here once it is on: naming
			// it is not a mistake.
			if r := known[name]; !s.used[k] && !(r != nil && r.Scope == linted && cfg.Severity(r, 0) == Off) {
				unused = append(unused, name)
			}
		}
		if len(unused) == 0 || slices.Contains(s.rules, UnusedSuppression.Name) {
			continue
		}
		var why []string
		for _, name := range unused {
			switch r := known[name]; {
			case r == nil:
				why = append(why, fmt.Sprintf("there is no rule named %s", name))
			case r.Scope == ScopeFetch:
				why = append(why, fmt.Sprintf("%s judges how the site serves the file, which no comment in it can silence (turn the rule off in %s instead)", name, ConfigFileName))
			case r.Scope == ScopePage && linted == ScopeFile:
				why = append(why, fmt.Sprintf("%s checks HTML pages, not robots.txt files", name))
			case r.Scope == ScopeFile && linted == ScopePage:
				why = append(why, fmt.Sprintf("%s checks robots.txt files, not HTML pages", name))
			default:
				why = append(why, fmt.Sprintf("%s reports nothing here", name))
			}
		}
		d := Diagnostic{
			Rule:     UnusedSuppression.Name,
			Severity: severity,
			Span:     s.span,
			Message:  "this suppression suppresses nothing: " + strings.Join(why, "; "),
		}
		if len(unused) == len(s.rules) {
			d.Fixes = []Fix{remove(s)}
		}
		// A suppression can itself be suppressed, by disable-file or an
		// enclosing disable of unused-suppression.
		if !suppressedBy(sups, s.line, UnusedSuppression.Name) {
			diags = append(diags, d)
		}
	}
	return diags
}

// narrow applies to d the suppressions of its rule that cover some of the
// lines its range spans, and marks them used. It returns false when they
// cover all of those lines. Otherwise d stays, with its range trimmed to
// run from the first line they leave to the last: a suppression covers
// exactly the lines it names, and a finding that also spans other lines
// (a run of invalid lines, a record of several User-agent lines, the part
// of a file past a size limit) is still reported there. Covered lines
// between uncovered ones stay inside the range, which is one span; rules
// that report runs of like lines break them where the suppressions change
// (Pass.SuppressedAlike), so that their message fits the range too.
//
// A fix that edits a covered line is dropped rather than narrowed: the
// user asked for those lines to be left alone, and a subset of a fix's
// edits is not known to be a fix, or safe.
func narrow(f *syntax.File, sups []*suppression, d Diagnostic) (Diagnostic, bool) {
	first, last := lineRange(f, d.Span)
	var covering []*suppression
	for _, s := range sups {
		k := slices.Index(s.rules, d.Rule)
		if k < 0 || s.end <= first || s.first > last {
			continue
		}
		s.used[k] = true
		covering = append(covering, s)
	}
	if len(covering) == 0 {
		return d, true
	}
	coverer := func(i int) *suppression {
		for _, s := range covering {
			if s.covers(i) {
				return s
			}
		}
		return nil
	}
	// Once trimmed, the range does not start or end on a blank or comment
	// line (such as an enable comment), which no finding is about.
	quiet := func(i int) bool { k := f.Lines[i].Kind; return k == syntax.LineBlank || k == syntax.LineComment }
	lo, hi := first, last
	for lo <= hi {
		if s := coverer(lo); s != nil {
			lo = s.end
		} else if lo > first && quiet(lo) {
			lo++
		} else {
			break
		}
	}
	for lo <= hi {
		if s := coverer(hi); s != nil {
			hi = s.first - 1
		} else if hi < last && quiet(hi) {
			hi--
		} else {
			break
		}
	}
	if lo > hi {
		return d, false
	}
	if lo > first {
		d.Span.Start = f.Lines[lo].Span.Start
	}
	if hi < last {
		d.Span.End = f.Lines[hi].Text().End
	}
	d.Fixes = slices.DeleteFunc(slices.Clone(d.Fixes), func(fix Fix) bool {
		return slices.ContainsFunc(fix.Edits, func(e Edit) bool {
			from, to := lineRange(f, e.Span)
			return slices.ContainsFunc(covering, func(s *suppression) bool { return s.first <= to && from < s.end })
		})
	})
	return d, true
}

// lineRange returns the first and last lines of f that span touches. An
// empty span touches the line it lies on, and the byte order mark belongs
// with the first line.
func lineRange(f *syntax.File, span syntax.Span) (first, last int) {
	first = max(f.LineAt(span.Start), 0)
	last = f.LineAt(max(span.End-1, span.Start))
	if last < first {
		last = first
	}
	return first, last
}

func suppressedBy(sups []*suppression, line int, rule string) bool {
	for _, s := range sups {
		if s.covers(line) && slices.Contains(s.rules, rule) {
			return true
		}
	}
	return false
}

// removeComment returns the edit that removes line i's comment: the whole
// line when it holds nothing else, else the comment and the whitespace
// before it. Comments are invisible to every crawler, so the edit changes
// no verdict.
func removeComment(f *syntax.File, i int) Edit {
	l := &f.Lines[i]
	if l.Kind == syntax.LineComment {
		return Edit{Span: l.Span}
	}
	start := l.Comment().Start
	src := f.Bytes()
	for start > l.Span.Start && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	return Edit{Span: syntax.Span{Start: start, End: l.Comment().End}}
}
