package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// EmptyRecord reports User-agent lines that no rule follows: at the end of
// the file, where every reading gives the crawler everything and takes it
// out of the * group; and before a blank line, which ends the record for
// Yandex and the 1994 standard, so that they read a group without rules
// where Google and RFC 9309 read the rules below the blank line.
var EmptyRecord = &lint.Rule{
	Name:    "empty-record",
	Summary: "user-agent lines without rules, or cut from their rules by a blank line",
	Doc: lint.Doc{
		What: "Reports User-agent lines with no Allow or Disallow rule after them in the last group of the file, when " +
			"that changes what the crawlers they name may fetch: when the `*` group they would follow otherwise blocks " +
			"something (a group that only sets Crawl-delay under a `*` group that allows everything changes nothing), and, " +
			"when Yandex or the 1994 standard is targeted and reads the group, User-agent lines that blank lines " +
			"separate from their rules or from the next User-agent line of their group (one finding a group). " +
			"A User-agent line directly followed by another one is not empty: the two share the rules below " +
			"them. User-agent lines that only a blank line separates from a `User-agent: *` line below are " +
			"reported whatever the targets, at info when they all read the two as one group: the crawlers " +
			"named above then obey the rules written for every crawler, which a blank line rarely means.",
		Why: "A group at the end of the file without rules is valid RFC 9309 and means \"allow everything\": " +
			"the crawler it names may fetch every URL and no longer reads the `*` group, which is rarely what a " +
			"lone `User-agent: BadBot` was meant to say. A blank line between User-agent and its rules is harmless " +
			"to Google, Bing and RFC 9309 crawlers, which keep reading the group, but Yandex and crawlers that " +
			"follow the 1994 standard end the record there: they see User-agent lines without rules and drop " +
			"the rules below as belonging to no one. What the User-agent lines without rules then mean differs: " +
			"Google, Bing, Yandex and RFC 9309 crawlers read a group without rules, so the crawlers it names may " +
			"fetch every URL and ignore the `*` group; crawlers that follow the 1994 standard, Python's " +
			"urllib.robotparser among them, read no record at all (a record needs at least one rule line), so " +
			"the crawlers it names obey the `*` record, and a list of crawlers set apart by a blank line above " +
			"`User-agent: *` is blocked as the `*` group is.",
		Instead: "Put the rules directly under their User-agent lines, and end a group meant to allow everything " +
			"with an explicit empty `Disallow:`. A crawler meant to get rules of its own needs them under its " +
			"User-agent line, before the `*` group.",
		FixSafety: "For User-agent lines cut from their rules, the fix removes the blank lines between them. Google, " +
			"Bing and RFC 9309 parsers skip blank lines, so their verdicts stay, and Yandex comes to read the " +
			"group whole, as Google does. The fix is safe (applied by `--fix`) only when that provably brings " +
			"Yandex to Google's verdicts: no blank line is left inside the group (blank-line-in-group and " +
			"group-merge-hazard report those), and " +
			yandexCompletionSafety + " Otherwise it is unsafe (applied only with `--unsafe-fixes`), and so it " +
			"is when no target reads the blank line as the end of a record: it then changes no verdict but says " +
			"the crawlers above were meant to share the rules below, which only you know. For a " +
			"group without rules at the end of the file, neither fix is applied by `--fix`: an empty " +
			"`Disallow:` keeps what crawlers do now and `Disallow: /` blocks the crawler from the whole site, " +
			"and only you know which was meant.",
	},
	Flagged:  "User-agent: *\n\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Yandex, match.Legacy, match.Google, match.Bing, match.RFC9309},
	Run:      runEmptyRecord,
}

func runEmptyRecord(pass *lint.Pass) {
	f := pass.File
	shapes := groupShapes(f)
	var check *yandexCheck // built on first need
	for k := range shapes {
		s := &shapes[k]
		if len(s.g.Rules) == 0 {
			emptyTrailingGroup(pass, shapes, k)
			continue
		}
		cutFromRules(pass, shapes, k, &check)
	}
}

// cutFromRules reports the runs of User-agent lines of group shapes[k]
// that blank lines alone separate from the group's rules: from the next
// run of User-agent lines, or from the first rule. (Lines other than
// blank lines and comments between two runs are group-merge-hazard's.)
func cutFromRules(pass *lint.Pass, shapes []groupShape, k int, check **yandexCheck) {
	f := pass.File
	s := &shapes[k]
	var cutRuns [][]int // the runs cut from what follows them
	var blanks []int    // the blank lines that cut them
	for r, run := range s.runs {
		switch {
		case r+1 < len(s.runs) && s.breaks[r+1].other < 0:
			cutRuns = append(cutRuns, run)
			blanks = append(blanks, s.breaks[r+1].blanks...)
		case r+1 == len(s.runs) && len(s.cut) > 0:
			cutRuns = append(cutRuns, run)
			blanks = append(blanks, s.cut...)
		}
	}
	if len(cutRuns) == 0 {
		return
	}
	var cutAgents []int // the User-agent lines of the cut runs
	for _, run := range cutRuns {
		cutAgents = append(cutAgents, run...)
	}
	readers := recordReaders(pass, groupAgents(f, cutAgents))
	star := joinedStar(f, s, cutRuns[0])
	if len(readers) == 0 && star < 0 {
		return
	}
	if *check == nil {
		*check = newYandexCheck(pass, shapes)
	}
	first := cutRuns[0]
	var lines []string
	for _, i := range first {
		lines = append(lines, prose.Quote([]byte(lineText(f, i))))
	}
	subject := prose.JoinCapped(lines, 3)
	if more := len(cutAgents) - len(first); more > 0 {
		subject += fmt.Sprintf(" (and %s of this group)", prose.Count(more, "more User-agent line", "more User-agent lines"))
	}
	rules := "the rule below belongs"
	if len(s.g.Rules) > 1 {
		rules = fmt.Sprintf("the %s below belong", prose.Count(len(s.g.Rules), "rule", "rules"))
	}
	var msg strings.Builder
	if star >= 0 {
		msg.WriteString(joinedStarMessage(pass, s, first, star, blanks[0]))
	} else {
		fmt.Fprintf(&msg, "a blank line%s separates %s from the group's rules: %s them",
			blankLineHint(f, blanks[0]), subject, prose.Subject(subjectReaders(pass, match.Google, match.Bing, match.RFC9309), "still applies", "still apply"))
	}
	dropped := ""
	if len(readers) > 0 && readers[len(readers)-1] == match.Legacy {
		var kept bool
		if dropped, kept = droppedRecord(pass, cutAgents, s.g.Rules); dropped != "" || kept {
			readers = readers[:len(readers)-1]
		}
	}
	if len(readers) == 0 && dropped == "" && star < 0 {
		return
	}
	if len(readers) > 0 {
		fmt.Fprintf(&msg, ", but for %s the blank line ends the record: %s %s no rules there (everything is allowed)",
			prose.Join(prose.Readers(readers)), prose.JoinCapped(quotedValues(f, cutAgents), 3), prose.Choose(len(cutAgents), "gets", "get"))
	}
	if dropped != "" {
		connective := ", but"
		if len(readers) > 0 {
			connective = "; and"
		}
		fmt.Fprintf(&msg, "%s %s", connective, dropped)
	}
	if len(s.cut) > 0 && (len(readers) > 0 || dropped != "") {
		fmt.Fprintf(&msg, ", and %s to no group", rules)
	}
	// Google reads blank lines as nothing, so removing them keeps its
	// verdicts; Yandex then reads the group as Google does, provided no
	// blank line is left in it (blank-line-in-group and group-merge-hazard
	// report those) and the yandexCheck conditions hold.
	whole := len(s.inner) == 0
	for _, b := range s.breaks[1:] {
		whole = whole && (b.blank < 0 || b.other < 0)
	}
	// When only Google's reading is at stake, removing the blank line
	// changes no verdict but says the crawlers were meant to share the *
	// rules, which only the author knows: the fix is offered, not applied.
	fix := lint.Fix{Title: "Remove the blank line", Safe: whole && len(readers) > 0 && (*check).safe(k)}
	if len(blanks) > 1 {
		fix.Title = "Remove the blank lines"
	}
	for _, i := range blanks {
		fix.Edits = append(fix.Edits, removeBlankLine(f, i))
	}
	opts := []lint.ReportOption{lint.WithRelated(f.Lines[blanks[0]].Span, "the blank line")}
	for _, run := range cutRuns[1:] {
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[run[0]]), "also cut from the group's rules"))
	}
	opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[s.g.Rules[0]]), "the group's first rule"), lint.WithFix(fix))
	if len(readers) == 0 {
		// Every targeted reader agrees; the finding is that the file
		// likely says what its author did not mean.
		opts = append(opts, lint.WithSeverity(lint.Info))
	}
	span := syntax.Span{Start: directiveSpan(&f.Lines[first[0]]).Start, End: directiveSpan(&f.Lines[first[len(first)-1]]).End}
	pass.Report(span, msg.String(), opts...)
}

// joinedStar returns the `User-agent: *` line of group s that the run of
// User-agent lines run, which names other crawlers only and which blank
// lines alone separate from the next run, is joined to, or -1. Google and
// RFC 9309 read the two runs as one group, so the crawlers run names get
// the rules written for every crawler: rarely what a blank line between
// them meant, since a crawler the file does not name follows the * group
// anyway, and one it names elsewhere gets the * rules on top of its own.
func joinedStar(f *syntax.File, s *groupShape, run []int) int {
	for _, a := range groupAgents(f, run) {
		if a == "*" {
			return -1
		}
	}
	after := false
	for _, r := range s.runs {
		if after {
			for n, a := range groupAgents(f, r) {
				if a == "*" {
					return r[n]
				}
			}
		}
		after = after || r[0] == run[0]
	}
	return -1
}

// joinedStarMessage says that the User-agent lines run, which names other
// crawlers, share the rules of group s with the `*` line star below them,
// as a blank line does not end a group for Google and RFC 9309.
func joinedStarMessage(pass *lint.Pass, s *groupShape, run []int, star, blank int) string {
	f := pass.File
	rules := prose.Quote([]byte(lineText(f, s.g.Rules[0])))
	if n := len(s.g.Rules); n > 1 {
		rules += " and " + prose.Count(n-1, "more rule", "more rules")
	}
	names := quotedValues(f, run)
	var lines []string
	for _, i := range run {
		lines = append(lines, prose.Quote([]byte(lineText(f, i))))
	}
	return fmt.Sprintf("only a blank line%s separates %s from %s below, and a blank line does not end a group for %s: "+
		"they read one group, so %s %s the rules written for every crawler (%s)",
		blankLineHint(f, blank), prose.JoinCapped(lines, 3), prose.Quote([]byte(lineText(f, star))),
		prose.Join(subjectReaders(pass, match.Google, match.Bing, match.RFC9309)),
		prose.JoinCapped(names, 3), prose.Choose(len(names), "obeys", "obey"), rules)
}

// emptyTrailingGroup reports the group shapes[k], which has no rules: the
// last group of the file, since User-agent lines before a rule join the
// group of that rule. It stays quiet when the group changes nothing: when
// it names only *, or only crawlers that another group with rules names
// too (the groups merge), or when the crawlers it names would otherwise
// follow groups that allow everything (trailingVerdictsChange).
func emptyTrailingGroup(pass *lint.Pass, shapes []groupShape, k int) {
	f := pass.File
	named := map[string]bool{}
	for j := range shapes {
		if j == k || len(shapes[j].g.Rules) == 0 {
			continue
		}
		for _, a := range shapes[j].agentsOf(f) {
			named[a] = true
		}
	}
	s := &shapes[k]
	for i := s.g.First; i < s.g.End; i++ {
		if d, _, _, _ := match.GoogleLine(f, i); d.IsRule() {
			// Google reads a misspelled rule here ("Disalow: /"), which
			// misspelled-directive reports.
			return
		}
	}
	var alone []int // the User-agent lines that name a crawler no other group names
	var changed, readers []*match.Profile
	var blocking int // a rule the first of them no longer follows
	for n, a := range s.agentsOf(f) {
		if a == "*" || a == "" || named[a] {
			continue
		}
		ps, read, rule := trailingVerdictsChange(pass, f.Text(f.Lines[s.g.UserAgents[n]].Value()))
		if len(ps) == 0 {
			continue
		}
		if len(alone) == 0 {
			changed, readers, blocking = ps, read, rule
		}
		alone = append(alone, s.g.UserAgents[n])
	}
	if len(alone) == 0 {
		return
	}
	first := alone[0]
	msg := trailingGroupMessage(f, s, alone, changed, len(changed) < len(readers), blocking)
	if pass.Targeted(match.Legacy) {
		if dropped, _ := droppedRecord(pass, alone, nil); dropped != "" {
			msg += ", but " + dropped
		}
	}
	pass.Report(directiveSpan(&f.Lines[first]), msg, trailingGroupFixes(f, s)...)
}

// trailingVerdictsChange compares what the crawler named by agent (a
// User-agent value of the last group, which has no rules) may fetch with
// the group and without it: with it, everything; without it, what the *
// groups allow, which are the groups every crawler the file does not name
// follows. It returns the targeted profiles whose verdicts differ, those
// that read the group at all, and the line of the first rule of the *
// groups that blocks something for the first of them (-1 when none do).
func trailingVerdictsChange(pass *lint.Pass, agent []byte) (changed, readers []*match.Profile, line int) {
	key := agentKey(agent)
	line = -1
	for _, p := range targetsWhere(pass, func(p *match.Profile) bool { return slices.Contains(pass.Rule.Profiles, p) }) {
		switch {
		case p == match.Yandex && !yandexReadsGroup([]string{key}):
			continue // a group for another crawler, which Yandex's robots never read
		case p == match.Legacy && !legacyReadsGroup([]string{key}):
			continue
		}
		readers = append(readers, p)
		r := pass.Robots(p)
		with, without := r.Select(string(agent)), r.Select("*")
		if slices.Equal(with, without) {
			continue
		}
		blocksWith, blocksWithout := firstBlockingRule(r, with), firstBlockingRule(r, without)
		if blocksWith < 0 && blocksWithout < 0 {
			continue // everything allowed either way
		}
		changed = append(changed, p)
		if line < 0 {
			line = blocksWithout
		}
	}
	return changed, readers, line
}

// firstBlockingRule returns the line of the first Disallow rule of the
// groups that can decide anything (an empty Disallow cannot), or -1.
func firstBlockingRule(r *match.Robots, groups []int) int {
	for _, g := range groups {
		for _, rule := range r.Groups[g].Rules {
			if !rule.Allow && rule.Priority > 0 {
				return rule.Line
			}
		}
	}
	return -1
}

// trailingGroupMessage words the finding on the last group s, which has
// no rules, for where the group stands: at the very end of the file, or
// before lines that are not rules (its Crawl-delay, Sitemap lines).
// changed are the profiles whose verdicts the group changes, named when
// only some of those that read it.
func trailingGroupMessage(f *syntax.File, s *groupShape, alone []int, changed []*match.Profile, some bool, blocking int) string {
	first := alone[0]
	last := s.g.UserAgents[len(s.g.UserAgents)-1]
	after := false // lines other than blank lines and comments follow
	for i := last + 1; i < len(f.Lines) && !after; i++ {
		kind := f.Lines[i].Kind
		after = kind == syntax.LineDirective || kind == syntax.LineInvalid
	}
	name := string(f.Text(f.Lines[first].Value()))
	var msg strings.Builder
	if after {
		fmt.Fprintf(&msg, "%s starts the last group of the file, which has no Allow or Disallow rule", prose.Quote([]byte(lineText(f, first))))
	} else {
		fmt.Fprintf(&msg, "%s ends the file without an Allow or Disallow rule", prose.Quote([]byte(lineText(f, first))))
	}
	msg.WriteString(": a last group without rules allows everything, so ")
	if some {
		fmt.Fprintf(&msg, "for %s ", prose.Join(prose.Readers(changed)))
	}
	fmt.Fprintf(&msg, "%s may fetch every URL", name)
	if len(alone) > 1 {
		fmt.Fprintf(&msg, " (and so may the %s after it)", prose.Count(len(alone)-1, "other crawler", "other crawlers"))
	}
	if blocking >= 0 {
		fmt.Fprintf(&msg, " and no longer follows the `*` group's rules, such as %s", prose.Quote([]byte(lineText(f, blocking))))
	}
	return msg.String()
}

// trailingGroupFixes offers the two ways to give the last group s a rule.
func trailingGroupFixes(f *syntax.File, s *groupShape) []lint.ReportOption {
	// The new rule goes after the group's last line that is not blank or a
	// comment.
	last := s.g.UserAgents[len(s.g.UserAgents)-1]
	for i := last + 1; i < s.g.End; i++ {
		if kind := f.Lines[i].Kind; kind == syntax.LineDirective || kind == syntax.LineInvalid {
			last = i
		}
	}
	// Neither fix is applied without asking: one keeps what crawlers do now
	// and the other blocks the crawler, and only the author knows which was
	// meant.
	return []lint.ReportOption{
		lint.WithFix(lint.Fix{
			Title: "Add an empty `Disallow:` to allow everything explicitly",
			Edits: []lint.Edit{insertLineAfter(f, last, "Disallow:")},
		}),
		lint.WithFix(lint.Fix{
			Title: "Add `Disallow: /` to block everything",
			Edits: []lint.Edit{insertLineAfter(f, last, "Disallow: /")},
		}),
	}
}

// droppedRecord says what crawlers that follow the 1994 standard do with
// the User-agent lines agents when they are no record, having no rule line
// after them before a blank line or the end of the file (see
// match.Legacy): the crawlers they name obey the record they would obey
// without them, the * record or none. It returns "" when the legacy
// reading keeps the lines in a record (a Crawl-delay line makes one), and
// also when the record the crawlers obey instead is the one of the rule
// lines rules, as Google reads them too: then kept is true, as the
// blank line changes nothing for them.
func droppedRecord(pass *lint.Pass, agents, rules []int) (msg string, kept bool) {
	f := pass.File
	l := pass.Layout(match.Legacy)
	read := map[int32]bool{}
	for _, a := range l.Agents {
		read[a.Line] = true
	}
	var names []string
	var instead []int // for each name, the group it obeys, or -1
	for _, i := range agents {
		if read[int32(i)] {
			return "", false
		}
		value := f.Text(f.Lines[i].Value())
		if string(value) == "*" || len(value) == 0 {
			continue
		}
		names = append(names, prose.Quote(value))
		g := -1
		if sel := l.Select(string(value)); len(sel) > 0 {
			g = sel[0]
		}
		instead = append(instead, g)
	}
	if len(names) == 0 {
		return "", false
	}
	g := instead[0]
	same := !slices.ContainsFunc(instead, func(h int) bool { return h != g })
	if same && g >= 0 && len(rules) > 0 {
		if rs := l.GroupRules(g); len(rs) == len(rules) && int(rs[0].Line) == rules[0] {
			return "", true
		}
	}
	var outcome string
	switch {
	case !same:
		outcome = "obey the records they would obey without these lines"
	case g < 0:
		outcome = "may fetch every URL, as no other record applies"
	default:
		first := int(l.GroupAgents(g)[0].Line)
		outcome = fmt.Sprintf("%s the record of %s (line %d)", prose.Choose(len(names), "obeys", "obey"), prose.Quote([]byte(lineText(f, first))), first+1)
	}
	return fmt.Sprintf("%s (Python's urllib.robotparser among them) read User-agent lines without rules as no record: %s %s",
		match.Legacy.Readers, prose.JoinCapped(names, 3), outcome), false
}
