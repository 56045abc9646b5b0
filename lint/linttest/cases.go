package linttest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A rule case is a robots.txt file under testdata/rules/RULE/ whose
// comments say which diagnostics it must produce, as analysistest's
// "// want" does:
//
//	Disalow: /x   # want "misspelled-directive"
//	              # want+1 "blank-line-in-group"   (the next line)
//	# want@3 "rule: part of the message"           (line 3)
//
// A line "# test-targets: google,legacy" sets the target profiles, and a
// line "# test-file-name: Robots.txt" the name the file is linted under,
// and a line "# test-site: https://example.com" the site the file is
// served for (lint.Config.Site). Files
// that cannot hold comments (UTF-16, binary) list their expectations in a
// sidecar NAME.want, one "LINE RULE" a line. Every diagnostic must be
// wanted and every want met. When the safe fixes change the file, the
// result must equal NAME.golden; when the unsafe ones change it further,
// NAME.unsafe.golden.

// Want is one diagnostic a rule case expects.
type Want struct {
	Line    int // 1-based
	Rule    string
	Message string // a part of the message, or ""
}

// Case is what a rule case asks for.
type Case struct {
	Path  string
	Wants []Want
	// Targets are the profile names of its test-targets line, or nil when
	// it has none (the default targets).
	Targets []string
	// FileName is the name of its test-file-name line, or "".
	FileName string
	// Site is the site of its test-site line, or "".
	Site string
}

var (
	wantRE   = regexp.MustCompile(`#\s*want(@\d+|[+-]\d+)?((?:\s+"[^"]*")+)`)
	quotedRE = regexp.MustCompile(`"[^"]*"`)
)

// ParseCase reads the expectations of the rule case at path from its
// lines, given as syntax reads them (the byte order mark is on line 1), and
// from its sidecar path.want if there is one.
func ParseCase(path string, lines []string) (*Case, error) {
	c := &Case{Path: path}
	for i, text := range lines {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "# test-targets:"); ok {
			c.Targets = []string{}
			for name := range strings.SplitSeq(rest, ",") {
				c.Targets = append(c.Targets, strings.TrimSpace(name))
			}
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "# test-file-name:"); ok {
			c.FileName = strings.TrimSpace(rest)
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "# test-site:"); ok {
			c.Site = strings.TrimSpace(rest)
		}
		for _, m := range wantRE.FindAllStringSubmatch(text, -1) {
			c.Wants = appendWants(c.Wants, m[1], m[2], i+1)
		}
	}
	side, err := os.ReadFile(path + ".want")
	if err != nil {
		return c, nil
	}
	for l := range strings.SplitSeq(strings.TrimSpace(string(side)), "\n") {
		var w Want
		if _, err := fmt.Sscan(l, &w.Line, &w.Rule); err != nil {
			return nil, fmt.Errorf("%s.want: %q: %v", path, l, err)
		}
		c.Wants = append(c.Wants, w)
	}
	return c, nil
}

// Got is a diagnostic as a case compares it.
type Got struct {
	Line    int // 1-based
	Rule    string
	Message string
}

// Check compares the diagnostics a case produced with what it wants, and
// returns the differences: each diagnostic not wanted, and each want no
// diagnostic met. A want is met by a diagnostic of its rule on its line
// whose message contains its text.
func (c *Case) Check(got []Got) []string {
	met := make([]bool, len(c.Wants))
	var problems []string
	for _, d := range got {
		i := -1
		for k, w := range c.Wants {
			if !met[k] && w.Line == d.Line && w.Rule == d.Rule && strings.Contains(d.Message, w.Message) {
				i = k
				break
			}
		}
		if i < 0 {
			problems = append(problems, fmt.Sprintf("%s:%d: unexpected %s: %s", c.Path, d.Line, d.Rule, d.Message))
			continue
		}
		met[i] = true
	}
	for i, w := range c.Wants {
		if met[i] {
			continue
		}
		with := ""
		if w.Message != "" {
			with = fmt.Sprintf(" with %q in its message", w.Message)
		}
		problems = append(problems, fmt.Sprintf("%s:%d: no %s diagnostic%s", c.Path, w.Line, w.Rule, with))
	}
	return problems
}

// WantsRule reports whether the case expects a diagnostic of the rule.
func (c *Case) WantsRule(rule string) bool {
	for _, w := range c.Wants {
		if w.Rule == rule {
			return true
		}
	}
	return false
}

// CaseFiles returns the rule cases under dir (testdata/rules), by rule:
// the name of the directory that holds them. The robots.txt cases end in
// .txt, the page cases in .html (see ParsePageCase) and the sitemap cases
// in .xml or .xml.gz (see ParseSitemapCase).
func CaseFiles(tb testing.TB, dir string) map[string][]string {
	tb.Helper()
	dirs, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		tb.Fatal(err)
	}
	cases := map[string][]string{}
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*.txt"))
		pages, _ := filepath.Glob(filepath.Join(d, "*.html"))
		sitemaps, _ := filepath.Glob(filepath.Join(d, "*.xml"))
		gzipped, _ := filepath.Glob(filepath.Join(d, "*.xml.gz"))
		cases[filepath.Base(d)] = append(append(append(files, pages...), sitemaps...), gzipped...)
	}
	return cases
}

// CheckGolden compares fixed, a case's file after its fixes, with the
// golden file, which exists only when fixing changes the file. With update
// set it writes the golden, or removes it when nothing changed.
func CheckGolden(golden string, fixed []byte, changed, update bool) error {
	if update {
		if changed {
			return os.WriteFile(golden, fixed, 0o644)
		}
		if err := os.Remove(golden); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	want, err := os.ReadFile(golden)
	switch {
	case err != nil && changed:
		return fmt.Errorf("%s is missing; the fixes give:\n%s", golden, fixed)
	case err == nil && !changed:
		return fmt.Errorf("%s exists, but the fixes change nothing", golden)
	case err == nil && !bytes.Equal(fixed, want):
		return fmt.Errorf("%s: the fixes give\n%s\nwant\n%s", golden, fixed, want)
	}
	return nil
}

// appendWants appends the expectations of one want comment on line: at is
// its "@N" (line N) or "+N"/"-N" (N lines on), or "", and quoted its
// "rule: message" strings.
func appendWants(wants []Want, at, quoted string, line int) []Want {
	switch {
	case strings.HasPrefix(at, "@"):
		line, _ = strconv.Atoi(at[1:])
	case at != "":
		n, _ := strconv.Atoi(at)
		line += n
	}
	for _, q := range quotedRE.FindAllString(quoted, -1) {
		rule, msg, _ := strings.Cut(strings.Trim(q, `"`), ": ")
		wants = append(wants, Want{Line: line, Rule: rule, Message: msg})
	}
	return wants
}
