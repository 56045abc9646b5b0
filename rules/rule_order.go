package rules

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// RuleOrder reports a rule that comes after a broader rule of the other
// kind in its group, as `Allow: /folder/page.html` after
// `Disallow: /folder/`. Google, Bing, Yandex and RFC 9309 parsers take the
// most specific rule wherever it stands; parsers that take the first
// matching rule (the 1994 standard with the 1997 draft, Python's
// urllib.robotparser and the many crawlers built like it) stop at the
// broader one and never reach the exception.
//
// It is a hint unless the legacy profile is targeted, when it is info:
// moving the exception first costs nothing and makes every crawler agree.
// Moving a rule within its group changes no longest-match verdict, since
// those never depend on order.
var RuleOrder = &lint.Rule{
	Name:    "rule-order",
	Summary: "a more specific rule after a broader rule of the other kind",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow rule that comes after a broader rule of the other kind in its group, " +
			"as `Allow: /folder/page.html` after `Disallow: /folder/`. It is a hint, or info when the `legacy` " +
			"profile is targeted.",
		Why: "Google, Bing, Yandex and RFC 9309 parsers follow the most specific matching rule wherever it stands, " +
			"so for them the order does not matter. Parsers that follow the 1994 standard and its 1997 draft, " +
			"Python's urllib.robotparser among them, follow the first matching rule: they stop at " +
			"`Disallow: /folder/` and never reach the exception below it.",
		Instead: "Put the more specific rule first: `Allow: /folder/page.html`, then `Disallow: /folder/`. Every " +
			"crawler then reads the group the same way.",
		FixSafety: "The fix moves the rule below the last more specific rule it hides. Google, Bing, Yandex and RFC 9309 " +
			"parsers follow the most specific rule wherever it stands, so their verdicts never change. The fix is " +
			"safe (applied by `--fix`) when it also brings first-match parsers to Google's verdicts: each rule it " +
			"hides is in the moved rule's group as Google and RFC 9309 parsers group lines too; Google's verdict on the paths each " +
			"hidden rule matches is that rule's own (no rule of the other kind outranks it there); no rule of the " +
			"other kind between the old and the new place is broader than the moved rule or holds a `%`, which " +
			"first-match parsers decode their own way; and the file is no larger than 500 KiB. Otherwise it is " +
			"unsafe (applied only with `--unsafe-fixes`), and so it is when the file has too many rules for " +
			"robotslint to check within its budget.",
	},
	Flagged:  "User-agent: *\nDisallow: /folder/\nAllow: /folder/page.html\n",
	Clean:    "User-agent: *\nAllow: /folder/page.html\nDisallow: /folder/\n",
	Severity: lint.Hint,
	Fixable:  true,
	Profiles: []*match.Profile{match.Legacy, match.Google},
	Run:      runRuleOrder,
}

// orderItem is a rule as the legacy reading sees it.
type orderItem struct {
	pat   []byte // the pattern, which legacy parsers and Google read alike
	group int32  // the legacy group
	rule  int32  // index in comparison.rules
}

// orderEntry is one distinct pattern on the sweep's stack, with the
// earliest rule among it and its prefixes.
type orderEntry struct {
	pat      []byte
	group    int32
	earliest int32 // index in comparison.rules
}

func runRuleOrder(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	f := pass.File
	// The rules a first-match parser may stop at for a plain path (one
	// without wildcards or escapes, which is all this rule looks at) are
	// plain paths themselves: a pattern with a '*', a '$' or a byte
	// outside printable ASCII is no prefix of one. Their patterns read
	// alike for Google and legacy parsers, so the file's sorted view
	// serves; a stable partition by legacy group keeps it sorted within
	// each. A group with a '%' escape is left alone: legacy parsers decode
	// it, and the pattern may become a prefix the view does not show.
	all := m.sorted()
	legacy := pass.Targeted(match.Legacy)
	// The legacy group of each rule this rule looks at, or -1, read in
	// the order of the file: the walk of the sorted view below, which
	// reaches the rules in no order, then needs nothing else of them.
	groupOf := make([]int32, len(m.rules))
	var escaped []bool // by legacy group
	for k := range m.rules {
		r := &m.rules[k]
		g := firstMatchGroup(r, legacy)
		if g >= 0 && int(g) >= len(escaped) {
			escaped = append(escaped, make([]bool, int(g)+1-len(escaped))...)
		}
		// Unless legacy is targeted, r.clean says nothing of how
		// first-match parsers decode the value: any '%' may matter.
		if g >= 0 && (!r.clean || !legacy) && bytes.IndexByte(f.Text(f.Lines[r.line].Value()), '%') >= 0 {
			escaped[g] = true
		}
		if !r.clean {
			g = -1
		}
		groupOf[k] = g
	}
	for k, g := range groupOf {
		if g >= 0 && escaped[g] {
			groupOf[k] = -1
		}
	}
	// A literal item's pattern holds no '*' and starts with '/'.
	count := make([]int32, len(escaped)+1)
	picked := make([]int32, 0, len(all))
	for k := range all {
		it := &all[k]
		if it.extra || !it.literal || groupOf[it.rule] < 0 {
			continue
		}
		picked = append(picked, int32(k))
		count[groupOf[it.rule]+1]++
	}
	for g := 1; g < len(count); g++ {
		count[g] += count[g-1]
	}
	items := make([]orderItem, len(picked))
	for _, k := range picked {
		it := &all[k]
		g := groupOf[it.rule]
		items[count[g]] = orderItem{pat: m.lit(it), group: g, rule: it.rule}
		count[g]++
	}
	o := &orderCheck{pass: pass, m: m, legacy: legacy, budget: 16*len(m.rules) + 4096}
	hidden := map[int32][]int32{} // by broader rule, the rules it hides
	var stack []orderEntry
	for i := 0; i < len(items); {
		it := &items[i]
		j := i + 1
		for j < len(items) && items[j].group == it.group && bytes.Equal(items[j].pat, it.pat) {
			j++
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.group == it.group && bytes.HasPrefix(it.pat, top.pat) {
				break
			}
			stack = stack[:len(stack)-1]
		}
		// A first-match parser stops, for these rules' paths, at the
		// earliest rule whose pattern is a prefix of theirs. When that is
		// an equal rule, the two conflict (conflicting-rules) or agree.
		prefix := int32(-1)
		if len(stack) > 0 {
			prefix = stack[len(stack)-1].earliest
		}
		first := it.rule // the earliest rule with this pattern
		for k := i + 1; k < j; k++ {
			first = min(first, items[k].rule)
		}
		for k := i; k < j; k++ {
			r := items[k].rule
			if prefix >= 0 && (r == first || prefix < first) && o.hides(&m.rules[prefix], &m.rules[r]) {
				hidden[prefix] = append(hidden[prefix], r)
			}
		}
		earliest := first
		if prefix >= 0 && prefix < earliest {
			earliest = prefix
		}
		stack = append(stack, orderEntry{pat: it.pat, group: it.group, earliest: earliest})
		i = j
	}
	broader := make([]int32, 0, len(hidden))
	for q := range hidden {
		broader = append(broader, q)
	}
	slices.Sort(broader)
	for _, q := range broader {
		rs := hidden[q]
		slices.Sort(rs)
		o.report(q, rs)
	}
}

// firstMatchGroup returns the group a first-match parser reads rule r in,
// or -1. The comparison reads the 1994 standard's groups only when legacy
// is targeted; otherwise Yandex's, which are the same records (both end a
// group at a blank line), stand in for them, sparing every run a reading
// of its own for what is then a hint.
func firstMatchGroup(r *comparedRule, legacy bool) int32 {
	if legacy {
		return r.blank
	}
	return r.yandex
}

type orderCheck struct {
	pass   *lint.Pass
	m      *comparison
	legacy bool
	// byCluster lists the rules of each cluster, built on first use, to
	// check a move for first-match parsers; budget bounds that work to a
	// few steps per rule of the file, past which moves count as unproved.
	byCluster [][]int32
	budget    int
}

// hides reports whether q, the first rule a first-match parser finds for
// r's paths, is of the other kind, with r a plain path every profile
// reads as written: a wildcard rule is another disagreement
// (wildcard-portability).
func (o *orderCheck) hides(q, r *comparedRule) bool {
	if q.allow == r.allow || q.line > r.line || q.group != r.group {
		return false
	}
	return r.clean && !bytes.ContainsAny(o.m.pat(r), "*$")
}

// report reports rule q, which hides the more specific rules rs from
// first-match parsers.
func (o *orderCheck) report(qi int32, rs []int32) {
	m, f := o.m, o.m.f
	q := &m.rules[qi]
	lq := &f.Lines[q.line]
	last := &m.rules[rs[len(rs)-1]]
	longest := prose.Readers(targetsWhere(o.pass, func(p *match.Profile) bool { return p != match.Legacy }))
	if len(longest) == 0 {
		longest = []string{"longest-match crawlers"}
	}
	first := "first-match parsers (Python's urllib.robotparser, the 1994 standard)"
	if o.legacy {
		first = match.Legacy.Readers
	}
	var msg string
	if len(rs) == 1 {
		msg = fmt.Sprintf("%s stop at this %s and never reach the more specific %s on %s, which %s: "+
			"put the more specific rule first, and every crawler reads it alike",
			first, ruleText(f, lq), ruleText(f, &f.Lines[last.line]), lineRef(last.line), prose.Subject(longest, "follows", "follow"))
	} else {
		msg = fmt.Sprintf("%s stop at this %s and never reach the %s below it (lines %d to %d), which %s: "+
			"move it below them, and every crawler reads them alike",
			first, ruleText(f, lq), prose.Count(len(rs), "more specific "+kindName(!q.allow)+" rule", "more specific "+kindName(!q.allow)+" rules"), m.rules[rs[0]].line+1, last.line+1, prose.Subject(longest, "follows", "follow"))
	}
	opts := []lint.ReportOption{lint.WithFix(o.moveFix(qi, rs))}
	if o.legacy {
		// The site says it cares about first-match parsers; otherwise the
		// order is advice for crawlers it does not name, a hint.
		opts = append(opts, lint.WithSeverity(lint.Info))
	}
	for k, ri := range rs {
		if k == 5 {
			break
		}
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[m.rules[ri].line]), "a more specific rule first-match parsers never reach"))
	}
	o.pass.Report(directiveSpan(lq), msg, opts...)
}

func kindName(allow bool) string {
	if allow {
		return "Allow"
	}
	return "Disallow"
}

// moveFix returns the fix that moves rule q just below the last of the
// rules rs it hides. All of them lie in one group for every reading (one
// legacy group, and q is in each one's Google and RFC 9309 group), so no
// longest-match verdict changes: those never depend on order. For
// first-match parsers, each rule between the old and the new place now
// comes before q; the fix is safe when that makes them agree with Google:
// no rule between is broader than q and of the other kind, and for the
// hidden rules, which now decide their paths, Google's verdict there is
// theirs.
func (o *orderCheck) moveFix(qi int32, rs []int32) lint.Fix {
	m, f := o.m, o.m.f
	q := &m.rules[qi]
	last := &m.rules[rs[len(rs)-1]]
	lq, ll := &f.Lines[q.line], &f.Lines[last.line]
	text := string(f.Text(lq.Text()))
	insert := text + string(f.Text(lq.EOL()))
	if ll.EOL().Len() == 0 {
		// The last line of the file: q goes after it, and it gets q's
		// terminator.
		insert = string(f.Text(lq.EOL())) + text
	}
	fix := lint.Fix{
		Title: fmt.Sprintf("Move this rule below %s", lineRef(last.line)),
		Edits: []lint.Edit{
			deleteLine(f, int(q.line)),
			{Span: syntax.Span{Start: ll.Span.End, End: ll.Span.End}, NewText: insert},
		},
	}
	safe := !m.pastLimit
	for _, ri := range rs {
		r := &m.rules[ri]
		if !safe {
			break
		}
		safe = r.exact == q.exact && r.group == q.group && o.googleAgrees(r)
	}
	if safe {
		if o.budget -= int(rs[len(rs)-1] - qi); o.budget < 0 {
			safe = false
		}
		qpat := m.pat(q)
		for k := qi + 1; safe && k < rs[len(rs)-1]; k++ {
			// Legacy parsers read y's value as written, escapes aside.
			y := &m.rules[k]
			yv := f.Text(f.Lines[y.line].Value())
			if y.allow != q.allow && len(yv) > 0 && (bytes.IndexByte(yv, '%') >= 0 || bytes.HasPrefix(qpat, yv)) {
				safe = false
			}
		}
	}
	fix.Safe = safe
	return fix
}

// googleAgrees reports whether Google's verdict on every path the rule r
// matches is r's own: no rule of the other kind in r's cluster that could
// match such a path outranks it. It gives up, answering false, when the
// file has spent its budget of such checks.
func (o *orderCheck) googleAgrees(r *comparedRule) bool {
	m := o.m
	if o.byCluster == nil {
		o.byCluster = make([][]int32, m.clusters)
		for k := range m.rules {
			c := m.groups[m.rules[k].group].cluster
			o.byCluster[c] = append(o.byCluster[c], int32(k))
		}
	}
	list := o.byCluster[m.groups[r.group].cluster]
	if o.budget -= len(list); o.budget < 0 {
		return false
	}
	rpat := m.pat(r)
	p := len(rpat)
	for _, k := range list {
		x := &m.rules[k]
		if x.allow == r.allow || x.patLen == 0 {
			continue
		}
		xpat := m.pat(x)
		// A Disallow outranks an Allow when longer, an Allow outranks a
		// Disallow when as long.
		wins := func(lit []byte, prio int) bool {
			if prio < p || prio == p && !x.allow {
				return false
			}
			return bytes.HasPrefix(lit, rpat) || bytes.HasPrefix(rpat, lit)
		}
		lit, _ := literalPrefix(xpat)
		if wins(lit, len(xpat)) || wins(lit, int(x.rfcLen)) && !x.rfcAsGoogle {
			return false
		}
		if x.indexHTML {
			slash := bytes.LastIndexByte(xpat, '/')
			if wins(xpat[:slash+1], slash+2) {
				return false
			}
		}
	}
	return true
}
