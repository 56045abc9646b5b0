package rules

import (
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the layout of a group that the group rules judge: its
// runs of User-agent lines and the blank lines inside it.

// groupShape is the layout of one group (syntax.File.Groups) that the group
// rules judge: where its User-agent lines break into runs, and where its
// blank lines fall.
type groupShape struct {
	g *syntax.Group
	// runs are the group's User-agent lines split into runs, as windows
	// of g.UserAgents: lines in a run are separated by nothing but
	// comments.
	runs [][]int
	// breaks[k] describes what separates runs[k] from runs[k-1]; breaks[0]
	// is unused.
	breaks []runBreak
	// cut are the blank lines between the last User-agent line and the
	// first rule, inner the blank lines between the first and last rule.
	cut, inner []int
	// agents are the lower-cased values of all the group's User-agent
	// lines, made on first use by agentsOf.
	agents []string
	// one holds runs and breaks for a group of one run, most of them.
	one      [1][]int
	oneBreak [1]runBreak
}

// agentsOf returns the lower-cased values of the group's User-agent lines.
func (s *groupShape) agentsOf(f *syntax.File) []string {
	if s.agents == nil {
		s.agents = groupAgents(f, s.g.UserAgents)
	}
	return s.agents
}

// runBreak is what separates two runs of User-agent lines in one group.
type runBreak struct {
	blanks []int // the blank lines between them
	blank  int   // the first of them, or -1
	other  int   // the first line between them that is neither blank nor a comment, or -1
	others int   // how many such lines there are
	last   int   // the last line before the later run that is neither blank nor a comment
}

// partial reports whether Yandex, which ends groups at blank lines, reads
// fewer of the group's lines as one group than Google does.
func (s *groupShape) partial() bool {
	if len(s.cut) > 0 || len(s.inner) > 0 {
		return true
	}
	for _, b := range s.breaks[1:] {
		if b.blank >= 0 {
			return true
		}
	}
	return false
}

// groupShapes returns the shape of each group of f, in one pass over the
// lines of the groups.
func groupShapes(f *syntax.File) []groupShape {
	shapes := make([]groupShape, len(f.Groups))
	for k := range f.Groups {
		g := &f.Groups[k]
		s := &shapes[k]
		s.g = g
		s.one[0] = g.UserAgents[:1:1]
		s.oneBreak[0] = runBreak{blank: -1, other: -1, last: -1}
		s.runs, s.breaks = s.one[:], s.oneBreak[:]
		start := 0 // where the current run starts in g.UserAgents
		for a := 1; a < len(g.UserAgents); a++ {
			prev, cur := g.UserAgents[a-1], g.UserAgents[a]
			b := runBreak{blank: -1, other: -1, last: prev}
			for i := prev + 1; i < cur; i++ {
				switch f.Lines[i].Kind {
				case syntax.LineComment:
				case syntax.LineBlank:
					if b.blank < 0 {
						b.blank = i
					}
					b.blanks = append(b.blanks, i)
				default:
					if b.other < 0 {
						b.other = i
					}
					b.others++
					b.last = i
				}
			}
			if b.blank < 0 && b.other < 0 {
				s.runs[len(s.runs)-1] = g.UserAgents[start : a+1 : a+1]
				continue
			}
			start = a
			s.runs = append(s.runs, g.UserAgents[a:a+1:a+1])
			s.breaks = append(s.breaks, b)
		}
		if len(g.Rules) == 0 {
			continue
		}
		last, first, end := g.UserAgents[len(g.UserAgents)-1], g.Rules[0], g.Rules[len(g.Rules)-1]
		for i := last + 1; i < end; i++ {
			if f.Lines[i].Kind != syntax.LineBlank {
				continue
			}
			if i < first {
				s.cut = append(s.cut, i)
			} else {
				s.inner = append(s.inner, i)
			}
		}
	}
	return shapes
}
