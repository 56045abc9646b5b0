package output

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/robotslint/robotslint/lint"
)

// WriteGitHub writes each diagnostic as a GitHub Actions workflow command,
// which the runner turns into an annotation on the file:
//
//	::error file=robots.txt,line=3,col=1,endLine=3,endColumn=7,title=misspelled-directive::message
//
// Errors are "error", warnings "warning", info and hints "notice". The
// related places follow the message on lines of their own, as "path:line:col:
// note: message".
//
// Columns follow GitHub's check-run annotations, which these commands
// become: endColumn is inclusive (the toolkit's endColumn defaults to the
// start column, for a range of one character), and columns are given only
// for a range on one line, as the annotation API accepts them; a range over
// several lines gets line and endLine alone. An empty range is the
// character it stands before.
func WriteGitHub(w io.Writer, files []File) error {
	bw := bufio.NewWriter(w)
	for _, f := range files {
		path := f.Path
		if !isURL(path) {
			path = filepath.ToSlash(path)
		}
		for _, d := range f.Diagnostics {
			start := f.text().position(d.Span.Start)
			last := f.text().lastPosition(d.Span)
			props := []string{"file=" + escapeProperty(path), fmt.Sprintf("line=%d", start.Line)}
			if last.Line == start.Line {
				props = append(props, fmt.Sprintf("col=%d", start.Column), fmt.Sprintf("endLine=%d", last.Line),
					fmt.Sprintf("endColumn=%d", max(start.Column, last.Column-1)))
			} else {
				props = append(props, fmt.Sprintf("endLine=%d", last.Line))
			}
			props = append(props, "title="+escapeProperty(d.Rule))

			message := d.Message
			if note := urlsNote(d); note != "" {
				message += "\n" + note
			}
			for _, r := range d.Related {
				rf, rpath, rspan := f.relatedPlace(r)
				if !isURL(rpath) {
					rpath = filepath.ToSlash(rpath)
				}
				rp := rf.position(rspan.Start)
				message += fmt.Sprintf("\n%s:%d:%d: note: %s", rpath, rp.Line, rp.Column, r.Message)
			}
			fmt.Fprintf(bw, "::%s %s::%s\n", githubCommand(d.Severity), strings.Join(props, ","), escapeData(message))
		}
	}
	return bw.Flush()
}

func githubCommand(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "notice"
}

// escapeData escapes a workflow command's message as the Actions toolkit
// does (toolkit core's escapeData), so that a line break cannot end the
// command and start another.
var escapeData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace

// escapeProperty escapes a property value, in which ':' and ',' would also
// end the value (toolkit core's escapeProperty).
var escapeProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace

// WriteGitHubAnnotation writes one workflow command of level ("error",
// "warning" or "notice") on a line of file, escaped as WriteGitHub escapes
// its own, for reports that are not diagnostics (robotslint diff).
func WriteGitHubAnnotation(w io.Writer, level, file string, line int, title, message string) error {
	_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,title=%s::%s\n", level, escapeProperty(file), line, escapeProperty(title), escapeData(message))
	return err
}
