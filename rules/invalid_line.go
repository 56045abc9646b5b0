package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// InvalidLine reports a line that is not a directive, a comment or blank:
// a bare URL, a crawler's name and a rule on one line, stray text. Every
// crawler skips such a line, so whatever it was meant to say is lost.
//
// A file that is not robots.txt text at all (an HTML page, JSON, binary
// data) is left to the rule that says so once, rather than reported line
// by line; so is a line that holds a control or invisible character, which
// the file rules report.
var InvalidLine = &lint.Rule{
	Name:    "invalid-line",
	Summary: "a line that is not a directive, a comment or blank, which every crawler skips",
	Doc: lint.Doc{
		What: "Reports a line that no crawler can read as a directive: a bare URL or path, a crawler's name and a rule " +
			"on one line (`GPTBot Disallow: /`), words before a directive's name (`Image Sitemap:`), text with nothing " +
			"before its colon, a note that starts with `//` instead of `#`, line breaks written out as `\\r\\n`, and " +
			"stray text such as pasted server configuration or ASCII art. A run of such lines (stray text, bare URLs, " +
			"`//` notes), with at most a few blank and comment lines between them, is reported once. A line is judged " +
			"whatever its encoding: one saved in Latin-1 is reported as its UTF-8 twin is, and not for its bytes as well.",
		Why: "Crawlers skip lines they cannot read, so whatever such a line was meant to do is lost: a bare sitemap " +
			"URL is never found, and `GPTBot Disallow: /` blocks nothing. Search Console and other validators also " +
			"report each such line.",
		Instead: "Write one directive per line as `Name: value`, and start notes with `#`.",
	},
	Flagged:  "User-agent: *\nGPTBot Disallow: /\n",
	Clean:    "User-agent: GPTBot\nDisallow: /\n",
	Severity: lint.Error,
	Run:      runInvalidLine,
}

func runInvalidLine(pass *lint.Pass) {
	f := pass.File
	// A run of lines of one kind (stray text, bare URLs, line breaks
	// written out, "//" notes), with at most a few blank and comment lines
	// between them, is one finding: pasted server configuration, ASCII art
	// or a list of sitemap URLs is one mistake, not one per line.
	var run invalidRun
	newLineScan(pass).each(func(i int, info *lineInfo) {
		switch info.invalid {
		case invalidNone:
		case invalidStray, invalidEscapes, invalidURL, invalidSlashes:
			// A suppression comment covers exactly the lines it names,
			// so a run ends where the suppressions change.
			if run.lines > 0 && (run.kind != info.invalid || !quietBetween(f, run.last+1, i) || !pass.SuppressedAlike(run.last, i)) {
				run.report(pass)
			}
			run.add(i, info, f.Text(info.body))
		default:
			run.report(pass)
			reportInvalidLine(pass, i, info)
		}
	})
	run.report(pass)
}

// invalidRun is a run of invalid lines of one kind, reported as one
// finding.
type invalidRun struct {
	kind        invalidKind
	first, last int
	lines       int
	span        syntax.Span
	sitemaps    bool // every line is a bare sitemap URL
}

// add adds line i to the run, which it starts when the run is empty.
func (run *invalidRun) add(i int, info *lineInfo, body []byte) {
	if run.lines == 0 {
		run.kind, run.first, run.span, run.sitemaps = info.invalid, i, info.body, true
	}
	run.last, run.span.End = i, info.body.End
	run.lines++
	run.sitemaps = run.sitemaps && isSitemapLike(body)
}

// quietBetween reports whether lines [from, to) may lie inside a run: a
// few blank and comment lines, as between the blocks of pasted text.
func quietBetween(f *syntax.File, from, to int) bool {
	if to-from > 3 {
		return false
	}
	for k := from; k < to; k++ {
		if kind := f.Lines[k].Kind; kind != syntax.LineBlank && kind != syntax.LineComment {
			return false
		}
	}
	return true
}

// report reports the run, if it holds lines, and empties it.
func (run *invalidRun) report(pass *lint.Pass) {
	if run.lines == 0 {
		return
	}
	f := pass.File
	body := f.Text(lineBody(f, &f.Lines[run.first]))
	first := prose.Quote(body)
	more := ""
	if n := run.lines - 1; n > 0 {
		more = fmt.Sprintf(" and %s up to line %d", prose.Count(n, "more line", "more lines"), run.last+1)
	}
	them := prose.Choose(run.lines, "it", "them")
	var msg string
	severity := lint.Error
	switch run.kind {
	case invalidStray:
		msg = fmt.Sprintf("%s%s %s: every crawler skips %s (start notes with `#`)",
			first, more, prose.Choose(run.lines, "is not a directive, a comment or a blank line", "are not directives, comments or blank lines"), them)
	case invalidEscapes:
		msg = fmt.Sprintf("%s%s %s line breaks written out as `\\r\\n` or `\\n`: crawlers read each as one line, and skip it",
			first, more, prose.Choose(run.lines, "holds", "hold"))
	case invalidURL:
		msg = fmt.Sprintf("%s%s %s: every crawler skips %s", first, more, prose.Choose(run.lines, "is a bare URL, not a directive", "are bare URLs, not directives"), them)
		if run.sitemaps {
			if run.lines == 1 {
				msg += "; to list a sitemap, write " + prose.Quote(append([]byte("Sitemap: "), body...))
			} else {
				msg += "; to list sitemaps, write `Sitemap:` before each URL"
			}
		}
	case invalidSlashes:
		// The lines mean nothing to crawlers, which is what their
		// writer meant, but only '#' starts a comment.
		severity = lint.Warning
		msg = fmt.Sprintf("`//` does not start a comment in robots.txt: crawlers skip %s%s as invalid, and validators report %s; start notes with `#`",
			first, more, them)
	}
	if severity != lint.Error {
		pass.Report(run.span, msg, lint.WithSeverity(severity))
	} else {
		pass.Report(run.span, msg)
	}
	run.lines = 0
}

// reportInvalidLine reports line i, an invalid line of a kind that is
// reported line by line.
func reportInvalidLine(pass *lint.Pass, i int, info *lineInfo) {
	f := pass.File
	body := f.Text(info.body)
	var msg string
	switch info.invalid {
	case invalidEmptyKey:
		msg = prose.Quote(body) + " has nothing before its colon: every crawler skips the line"
	case invalidPath:
		msg = prose.Quote(body) + " is a path without a directive: every crawler skips it; write " +
			prose.Quote(append([]byte("Disallow: "), body...)) + " or " + prose.Quote(append([]byte("Allow: "), body...))
	case invalidAgentRule:
		agent := bytes.TrimRight(f.Bytes()[info.body.Start:info.name.Start], " \t")
		msg = fmt.Sprintf("%s puts a crawler's name and a rule on one line, so every crawler skips it: "+
			"write %s and the rule on lines of their own", prose.Quote(body), prose.Quote(append([]byte("User-agent: "), agent...)))
	case invalidWordsName:
		key := f.Lines[i].Key()
		msg = fmt.Sprintf("%s is not a directive's name, so every crawler skips the line: did you mean %s?", prose.Quote(f.Text(key)), info.suggest.Canonical())
	}
	pass.Report(info.body, msg)
}

// isSitemapLike reports whether a URL looks like a sitemap's.
func isSitemapLike(u []byte) bool {
	l := bytes.ToLower(u)
	return bytes.Contains(l, []byte("sitemap")) || bytes.HasSuffix(l, []byte(".xml")) || bytes.HasSuffix(l, []byte(".xml.gz"))
}
