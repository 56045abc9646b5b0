package syntax

import (
	"math/bits"
	"slices"
	"sort"
)

// Group is a group as RFC 9309 §2.1 defines it: one or more user-agent
// lines followed by rules. Blank lines, comments and lines that are not
// rules (Sitemap, Crawl-delay, unknown keys) do not end a group; a
// user-agent line that follows a rule starts the next one. This is also how
// Google groups lines, except that Google counts some misspelled keys as
// rules; the matcher's google profile regroups for that.
type Group struct {
	// First and End delimit the group's lines in File.Lines: [First, End)
	// runs from its first user-agent line to the next group's first
	// user-agent line, or to the end of the file.
	First, End int
	// UserAgents are the indices of the group's user-agent lines.
	UserAgents []int
	// Rules are the indices of the group's Allow and Disallow lines.
	Rules []int
}

// Record is a record as the 1994 standard defines it: a run of lines
// separated from the next by one or more blank lines. Comment lines do not
// separate records ("Lines containing only a comment are discarded
// completely, and therefore do not indicate a record boundary"); a run of
// nothing but comments is not a record. Yandex, Baidu and legacy parsers
// read files this way, so comparing records with groups shows where a blank
// line changes what a crawler does.
type Record struct {
	// First and End delimit the record's lines in File.Lines: [First, End)
	// runs from the first line of the run, comments included, to the blank
	// line or end of file after it.
	First, End int
	// UserAgents are the indices of the record's user-agent lines.
	UserAgents []int
	// Rules are the indices of the record's Allow and Disallow lines.
	Rules []int
}

// GroupAt returns the index in f.Groups of the group that line i lies in,
// or -1 for lines before the first user-agent line.
func (f *File) GroupAt(i int) int {
	// Groups follow each other without gaps from the first user-agent line
	// to the end of the file.
	if len(f.Groups) == 0 || i < f.Groups[0].First || i >= len(f.Lines) {
		return -1
	}
	return sort.Search(len(f.Groups), func(g int) bool { return f.Groups[g].End > i })
}

// RecordAt returns the index in f.Records of the record that line i lies in,
// or -1 for blank lines and comment blocks between records.
func (f *File) RecordAt(i int) int {
	r := sort.Search(len(f.Records), func(r int) bool { return f.Records[r].End > i })
	if r == len(f.Records) || i < f.Records[r].First {
		return -1
	}
	return r
}

// buildGroups groups lines as RFC 9309 does, given the indices of all
// user-agent and all rule lines in file order: a run of user-agent lines
// with no rule between them starts a group, and the rules up to the next
// run are its rules. Rules before the first user-agent line belong to no
// group. The groups' lists are windows of agents and rules.
func buildGroups(agents, rules []int, lines int) []Group {
	if len(agents) == 0 {
		return nil
	}
	var groups []Group
	r, _ := slices.BinarySearch(rules, agents[0]) // skip the rules before any group
	for a := 0; a < len(agents); {
		b := a + 1
		for b < len(agents) && (r == len(rules) || agents[b] < rules[r]) {
			b++
		}
		end := lines
		if b < len(agents) {
			end = agents[b]
		}
		q := r + countBelow(rules[r:], end)
		groups = append(groups, Group{First: agents[a], End: end, UserAgents: agents[a:b:b], Rules: rules[r:q:q]})
		a, r = b, q
	}
	return groups
}

// collect returns the indices of the user-agent and the rule lines, which
// groups and records take windows of, and the records.
func collect(lines []Line) (agents, rules []int, records []Record) {
	// Rules are most lines and come in any order of Allow and Disallow, so
	// each index is written and kept by arithmetic rather than a branch.
	rules = make([]int, len(lines))
	n := 0
	for i := range lines {
		rules[n] = i
		d := uint(lines[i].Directive - DirectiveAllow) // 0 or 1 for a rule
		n += int((d - 2) >> (bits.UintSize - 1))
	}
	rules = rules[:n:n]

	open := false  // a record is open: no blank line since its last line
	comments := -1 // the first of a run of comment lines outside a record, or -1
	for i := range lines {
		switch l := &lines[i]; l.Kind {
		case LineBlank:
			if open {
				records[len(records)-1].End = i
				open = false
			}
			comments = -1
		case LineComment:
			if !open && comments < 0 {
				comments = i
			}
		default:
			if !open {
				records = append(records, Record{First: i})
				if comments >= 0 {
					records[len(records)-1].First = comments
				}
				open, comments = true, -1
			}
			if l.Directive == DirectiveUserAgent {
				agents = append(agents, i)
			}
		}
	}
	if open {
		records[len(records)-1].End = len(lines)
	}
	fillRecords(records, agents, rules)
	return agents, rules, records
}

// fillRecords fills in the records' lists as windows of agents and rules,
// the indices of all user-agent and rule lines in file order; every such
// line lies in a record.
func fillRecords(records []Record, agents, rules []int) {
	a, r := 0, 0
	for k := range records {
		rec := &records[k]
		a1, r1 := a+countBelow(agents[a:], rec.End), r+countBelow(rules[r:], rec.End)
		rec.UserAgents, rec.Rules = agents[a:a1:a1], rules[r:r1:r1]
		a, r = a1, r1
	}
}

// countBelow returns the number of line indices in the sorted list that are
// below line. It counts from the front: the lists are consumed a group or
// record at a time, so the count is short, and a scan costs less than a
// binary search, whose branches go either way.
func countBelow(list []int, line int) int {
	n := 0
	for n < len(list) && list[n] < line {
		n++
	}
	return n
}
