package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"

	"github.com/robotslint/robotslint/lint/prose"
)

const testUsage = `usage: robotslint test [flags] ROBOTS [URL...]

Says whether crawlers may fetch URLs under a robots.txt file, and which
line decides. ROBOTS is a path, "-" for standard input, or an http(s) URL:
the site's /robots.txt is then fetched as crawlers fetch it (up to 5
redirects), and the first line says what each profile's crawlers make of
the answer (mostly: a 4xx allows everything, a 5xx or none disallows it).
URLs are paths ("/a?b=c") or absolute URLs, taken as written; an empty URL
means "/". When ROBOTS is no robots.txt file (an HTML page, an error
message), a note says so: crawlers read no rules from it.

With --page, each URL is also fetched as crawlers fetch a page (up to 5
redirects, 2 MiB, the --timeout), and for each crawler a line says whether
it may fetch the page (the deciding robots.txt line) and, under it,
whether it may index the page, follow its links and show a snippet, with
the robots META tag or X-Robots-Tag header line that decides (every
header line counts; a redirect's own lines are shown, not applied, as
crawlers apply the rules of the page they reach). When robots.txt
disallows the page, it says which rules the crawler never sees. The URLs
are absolute, or paths on the site of ROBOTS when it is a URL; with none,
ROBOTS is the page. Without --agent, the crawlers are Googlebot, bingbot
and Yandex (those of the --profile engines, when given), and those the
page names; without --profile, each reads robots.txt as its own search
engine does.

Flags:
  --agent NAME     the crawler's robots.txt name; repeatable. Without it,
                   every name the file uses, and "*" for any other crawler
  --profile LIST   how to read the file, as profiles separated by commas:
                   %s (default google), or
                   all; with more than one, marks where they disagree
  --urls FILE      read further URLs from FILE, one a line, as written
                   but for the line ending (blank lines and lines that
                   start with # are skipped), or from FILE's <loc>s when
                   it is a sitemap (XML or gzip, told by its content)
  --expect FILE    check the expectations in FILE, one a line:
                   "allow AGENT URL" or "disallow AGENT URL" ("" for an
                   empty agent or URL; # starts a comment)
  --page           also fetch each URL as a page and say what crawlers
                   do with its robots META tags and X-Robots-Tag headers
  --format FORMAT  text (default) or json
  --timeout DUR    how long fetching robots.txt, or a page, may take
                   (default 10s, at most 5m)

Examples:
  robotslint test robots.txt /admin/ /products/
  robotslint test --agent Googlebot --agent GPTBot robots.txt /
  robotslint test --profile all robots.txt "/search?q=x"
  robotslint test --expect robots.expect robots.txt
  robotslint test --urls public/sitemap.xml.gz public/robots.txt
  robotslint test https://example.com /private/
  robotslint test --page https://example.com/private/offer.html

Exit status: 0 every URL allowed (with --expect: every expectation holds),
1 some URL disallowed (some expectation fails; with --page, also some
page that a crawler may not index), 2 an error.
`

// multiFlag is a flag that may be given several times.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// testResult is one verdict as the JSON output gives it; the field names
// are a contract that other tools read.
type testResult struct {
	Agent   string   `json:"agent"`
	URL     string   `json:"url"`
	Profile string   `json:"profile"`
	Allowed bool     `json:"allowed"`
	Line    *int     `json:"line"`
	Rule    *string  `json:"rule"`
	Group   []string `json:"group"`

	reason string // why, in words, for the text output
}

// expectFailure is an expectation that does not hold, as the JSON output
// gives it: where the expectation is written, and the verdict against it.
type expectFailure struct {
	Expect     string `json:"expect"`
	ExpectFile string `json:"expectFile"`
	ExpectLine int    `json:"expectLine"`
	testResult
}

// expectation is one line of an --expect file.
type expectation struct {
	line       int
	allow      bool
	agent, url string
}

// testRun is one "robotslint test": what to check and against what.
type testRun struct {
	robots []*match.Robots // one per profile
	// groupNames are, per profile and group, the group's crawler names
	// spelled as the file writes them, each once.
	groupNames   [][][]string
	agents, urls []string
	expectFile   string
	expectations []expectation
	// urlsNote says, for a --urls file that is a sitemap index, that its
	// URLs are of sitemaps, not pages.
	urlsNote string
	// fetched is the fetch of ROBOTS when it is a URL. When it got no
	// file to obey, it alone decides every verdict.
	fetched *fetchResult
}

// fetchJSON describes the fetch of ROBOTS in the JSON output.
type fetchJSON struct {
	URL         string       `json:"url"`
	FinalURL    string       `json:"finalURL"`
	Redirects   int          `json:"redirects"`
	Status      int          `json:"status"`
	Outcome     fetchOutcome `json:"outcome"`
	Truncated   bool         `json:"truncated"`
	Explanation string       `json:"explanation"`
}

// testOptions are the flags and arguments of "robotslint test".
type testOptions struct {
	robots     string   // ROBOTS: a path, - for standard input, or a URL
	urls       []string // the URLs after ROBOTS
	agents     []string
	profiles   []*match.Profile
	urlsFile   string
	expectFile string
	format     string // text or json
	timeout    time.Duration
	page       bool // --page: fetch each URL as a page and read its robots rules
	profileSet bool // --profile was given
}

// runTest is "robotslint test": it reads the queries, reads or fetches the
// file, compiles it under each profile, answers every query and writes the
// verdicts.
func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opt, status, done := parseTestArgs(args, stdout, stderr)
	if done {
		return status
	}
	run := testRun{agents: opt.agents, urls: opt.urls, expectFile: opt.expectFile}
	if err := run.readQueries(opt.urlsFile, stdin); err != nil {
		fmt.Fprintf(stderr, "robotslint: %v\n", err)
		return exitError
	}
	if run.urlsNote != "" {
		fmt.Fprintf(stderr, "robotslint: note: %s\n", run.urlsNote)
	}
	if opt.page {
		if len(run.urls) == 0 && !isURL(opt.robots) {
			return usageError(stderr, "no page to test: give its URL after the file")
		}
		return runTestPages(opt, &run, stdin, stdout, stderr)
	}
	if len(run.urls) == 0 && run.expectFile == "" {
		return usageError(stderr, "no URL to test: give URLs after the file, --urls or --expect")
	}
	src, status := run.readRobots(opt, stdin, stderr)
	if status != exitClean {
		return status
	}
	file := syntax.Parse(src)
	// A page or an error message answers "allowed" everywhere for want of
	// rules; say so, or the verdicts read as if the file were fine.
	notRobotsTxt := rules.NotRobotsTxtReason(file)
	run.compile(file, opt.profiles)
	results, failures, status := run.answer()

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if opt.format == "json" {
		run.writeJSON(out, opt.profiles, notRobotsTxt, results, failures)
	} else {
		run.writeText(out, opt, notRobotsTxt, results, failures)
	}
	return status
}

// parseTestArgs reads the command line of "robotslint test". When done is
// true the command ends with status: help was asked for, or the command
// line is wrong.
func parseTestArgs(args []string, stdout, stderr io.Writer) (opt testOptions, status int, done bool) {
	var names []string
	for _, p := range match.Profiles() {
		names = append(names, p.Name)
	}
	usage := fmt.Sprintf(testUsage, strings.Join(names, ", "))
	flags := flag.NewFlagSet("robotslint test", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	var agents multiFlag
	flags.Var(&agents, "agent", "")
	profileName := flags.String("profile", "google", "")
	flags.StringVar(&opt.urlsFile, "urls", "", "")
	flags.StringVar(&opt.expectFile, "expect", "", "")
	flags.StringVar(&opt.format, "format", "text", "")
	opt.timeout = defaultFetchTimeout
	flags.Var((*timeoutFlag)(&opt.timeout), "timeout", "")
	flags.BoolVar(&opt.page, "page", false, "")
	args, status, done = parseCommand("test", flags, args, usage, stdout, stderr)
	if done {
		return opt, status, true
	}
	flags.Visit(func(f *flag.Flag) { opt.profileSet = opt.profileSet || f.Name == "profile" })
	opt.agents = agents
	opt.profiles = match.Profiles()
	if *profileName != "all" {
		var err error
		if opt.profiles, err = parseProfiles(*profileName); err != nil {
			return opt, usageError(stderr, "%v: the profiles are %s, or all", err, strings.Join(names, ", ")), true
		}
	}
	if opt.page && opt.expectFile != "" {
		return opt, usageError(stderr, "--expect does not combine with --page: expectations are about fetching, not indexing"), true
	}
	if opt.format != "text" && opt.format != "json" {
		return opt, usageError(stderr, "unknown format %q: use text or json", opt.format), true
	}
	if len(args) == 0 {
		return opt, usageError(stderr, "no robots.txt file given"), true
	}
	if args[0] == "" {
		return opt, usageError(stderr, "ROBOTS is empty: give a path, - for standard input, or a URL"), true
	}
	opt.robots, opt.urls = args[0], args[1:]
	// Standard input read twice is empty the second time: an --expect
	// file read so would check nothing, and pass.
	stdinReaders := 0
	for _, in := range []string{opt.robots, opt.urlsFile, opt.expectFile} {
		if in == "-" {
			stdinReaders++
		}
	}
	if stdinReaders > 1 {
		return opt, usageError(stderr, "standard input can be read once: give - to only one of ROBOTS, --urls and --expect"), true
	}
	return opt, exitClean, false
}

// readQueries adds the URLs of the --urls file to the run's, and reads its
// --expect file.
func (run *testRun) readQueries(urlsFile string, stdin io.Reader) error {
	if urlsFile != "" {
		urls, note, err := readURLList(urlsFile, stdin)
		if err != nil {
			return err
		}
		run.urls = append(run.urls, urls...)
		run.urlsNote = note
	}
	if run.expectFile == "" {
		return nil
	}
	data, err := readInput(run.expectFile, stdin)
	if err == nil {
		run.expectations, err = parseExpectations(run.expectFile, data)
	}
	if err == nil && len(run.expectations) == 0 {
		// Like a directory without robots.txt: a CI job that checks
		// nothing should fail rather than pass.
		err = fmt.Errorf("%s holds no expectation", run.expectFile)
	}
	return err
}

// readRobots returns the robots.txt file to test: fetched, when ROBOTS is a
// URL, or read. When it cannot, it says why on stderr and returns the
// status to exit with; otherwise the status is exitClean.
func (run *testRun) readRobots(opt testOptions, stdin io.Reader, stderr io.Writer) ([]byte, int) {
	if isURL(opt.robots) {
		res, err := fetchRobots(context.Background(), opt.robots, fetchOptions{Timeout: opt.timeout})
		if err != nil {
			return nil, usageError(stderr, "%v", err)
		}
		run.fetched = res
		return res.Body, exitClean
	}
	src, err := readInput(opt.robots, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robotslint: %v\n", siteHint(opt.robots, err))
		return nil, exitError
	}
	return src, exitClean
}

// compile reads the file under each profile, and, when no --agent is
// given, takes the crawlers the file names as the agents to ask about.
func (run *testRun) compile(file *syntax.File, profiles []*match.Profile) {
	for _, p := range profiles {
		r := match.Compile(file, p)
		names := make([][]string, len(r.Groups))
		for i, g := range r.Groups {
			names[i] = addAgents(nil, spelledAgents(file, g))
		}
		run.robots = append(run.robots, r)
		run.groupNames = append(run.groupNames, names)
	}
	if len(run.agents) == 0 {
		run.agents = namedAgents(run.groupNames[0])
	}
}

// answer checks every query: each agent on each URL, then each
// expectation. It returns each query's verdicts (one per profile), the
// expectations that do not hold, and the status: with --expect, whether
// every expectation holds; otherwise whether every URL is allowed.
func (run *testRun) answer() (results [][]testResult, failures []expectFailure, status int) {
	status = exitClean
	for _, agent := range run.agents {
		for _, url := range run.urls {
			verdicts := run.check(agent, url)
			for _, res := range verdicts {
				if !res.Allowed {
					status = exitFindings
				}
			}
			results = append(results, verdicts)
		}
	}
	if run.expectFile == "" {
		return results, nil, status
	}
	status = exitClean
	for _, e := range run.expectations {
		verdicts := run.check(e.agent, e.url)
		results = append(results, verdicts)
		for _, res := range verdicts {
			if res.Allowed != e.allow {
				failures = append(failures, expectFailure{Expect: verb(e.allow), ExpectFile: run.expectFile, ExpectLine: e.line, testResult: res})
				status = exitFindings
			}
		}
	}
	return results, failures, status
}

// writeJSON writes the verdicts as the JSON document --format json
// promises.
func (run *testRun) writeJSON(w io.Writer, profiles []*match.Profile, notRobotsTxt string, results [][]testResult, failures []expectFailure) {
	doc := struct {
		Fetch        *fetchJSON       `json:"fetch,omitempty"`
		NotRobotsTxt string           `json:"notRobotsTxt,omitempty"`
		Results      []testResult     `json:"results"`
		Expectations *[]expectFailure `json:"expectations,omitempty"`
		Notes        []crawlerNote    `json:"notes,omitempty"`
	}{NotRobotsTxt: notRobotsTxt, Results: slices.Concat(results...), Notes: run.notes()}
	if f := run.fetched; f != nil {
		doc.Fetch = &fetchJSON{URL: f.URL, FinalURL: f.FinalURL, Redirects: len(f.Hops), Status: f.Status, Outcome: f.Outcome, Truncated: f.Truncated, Explanation: f.Explain(profiles)}
	}
	if run.expectFile != "" {
		if failures == nil {
			failures = []expectFailure{}
		}
		doc.Expectations = &failures
	}
	if doc.Results == nil {
		doc.Results = []testResult{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // URLs keep their & and HTML its <
	enc.Encode(doc)
}

// writeText writes the verdicts for people: what the fetch gave, whether
// the file is robots.txt at all, the verdicts, the expectations that fail
// and the crawlers' quirks.
func (run *testRun) writeText(w io.Writer, opt testOptions, notRobotsTxt string, results [][]testResult, failures []expectFailure) {
	if run.fetched != nil {
		fmt.Fprintln(w, run.fetched.Explain(opt.profiles))
	}
	if notRobotsTxt != "" {
		name := opt.robots
		switch {
		case run.fetched != nil:
			name = run.fetched.URL
		case name == "-":
			name = "<stdin>"
		}
		fmt.Fprintf(w, "note: %s: %s\n", name, notRobotsTxt)
	}
	if run.expectFile == "" || len(run.urls) > 0 {
		writeResults(w, results[:len(run.agents)*len(run.urls)])
	}
	if run.expectFile != "" {
		writeExpectations(w, failures, len(run.expectations)*len(run.robots))
	}
	for _, n := range run.notes() {
		fmt.Fprintf(w, "note: %s: %s\n", n.Agent, n.Text)
	}
}

// crawlerNote is what the knowledge base says about a queried crawler that
// its verdicts do not show: that it ignores the * group, say.
type crawlerNote struct {
	Agent string `json:"agent"`
	Quirk string `json:"quirk"`
	Text  string `json:"text"`
}

// notes returns what the knowledge base knows of the queried crawlers that
// changes what they fetch beyond what the profiles read: the profiles
// answer as a crawler's parser reads the file, and some crawlers then
// ignore the * group, borrow another crawler's group, or ignore the file.
func (run *testRun) notes() []crawlerNote {
	agents := slices.Clone(run.agents)
	for _, e := range run.expectations {
		agents = append(agents, e.agent)
	}
	var notes []crawlerNote
	seen := map[string]bool{}
	for _, agent := range agents {
		c := kb.LookupCrawler(agent)
		if c == nil || seen[c.Token] {
			continue
		}
		seen[c.Token] = true
		for _, q := range c.Quirks {
			switch q.Kind {
			case kb.QuirkIgnoresGlobalGroup, kb.QuirkFallsBackTo, kb.QuirkIgnoresRobots, kb.QuirkControlTokenOnly:
				notes = append(notes, crawlerNote{Agent: c.Token, Quirk: string(q.Kind), Text: q.Text})
			}
		}
	}
	return notes
}

// check answers one query under every profile of the run.
func (run *testRun) check(agent, url string) []testResult {
	var verdicts []testResult
	for i, r := range run.robots {
		res := testResult{Agent: agent, URL: url, Profile: r.Profile.Name, Group: []string{}}
		if f := run.fetched; f != nil && f.Outcome != fetchFetched {
			res.Allowed, res.reason = wholeSite(f, r.Profile)
			verdicts = append(verdicts, res)
			continue
		}
		v := r.Check(agent, url)
		res.Allowed = v.Allowed
		for _, g := range v.Groups {
			res.Group = addAgents(res.Group, run.groupNames[i][g])
		}
		switch v.Reason {
		case match.ReasonRule:
			line, rule := v.Line+1, r.RuleText(v)
			res.Line, res.Rule = &line, &rule
			res.reason = fmt.Sprintf("line %d: %s", line, rule)
		case match.ReasonNoRule:
			res.reason = "no rule matches in the group of " + strings.Join(res.Group, ", ")
		case match.ReasonNoGroup:
			res.reason = "no group applies"
		case match.ReasonRobotsTxt:
			res.reason = "/robots.txt is always allowed"
		}
		verdicts = append(verdicts, res)
	}
	return verdicts
}

// wholeSite is the verdict on every URL of a site whose robots.txt could
// not be fetched, as crawlerReadings has it for profile p.
func wholeSite(f *fetchResult, p *match.Profile) (allowed bool, reason string) {
	switch readingOf(p, f.answer()) {
	case readAllowAll:
		return true, "robots.txt unavailable: the whole site is allowed"
	case readDenied:
		return false, fmt.Sprintf("robots.txt answered %d: the 1997 draft restricts the whole site", f.Status)
	case readPaused:
		return false, "robots.txt unreachable: the whole site is disallowed for 12 hours, then the last cached copy applies"
	}
	return false, "robots.txt unreachable: the whole site is disallowed"
}

// writeResults prints each query's verdict. When the profiles disagree on a
// query, each profile's verdict gets a row of its own.
func writeResults(w io.Writer, results [][]testResult) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	multi := len(results) > 0 && len(results[0]) > 1
	disagreements := 0
	for _, verdicts := range results {
		agree := true
		for _, res := range verdicts {
			agree = agree && res.Allowed == verdicts[0].Allowed
		}
		if agree {
			res := verdicts[0]
			if multi {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", verdict(res.Allowed), showWord(res.Agent), showWord(res.URL), "all", res.reason)
			} else {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", verdict(res.Allowed), showWord(res.Agent), showWord(res.URL), res.reason)
			}
			continue
		}
		disagreements++
		for _, res := range verdicts {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", verdict(res.Allowed), showWord(res.Agent), showWord(res.URL), res.Profile+" (disagree)", res.reason)
		}
	}
	tw.Flush()
	if multi {
		fmt.Fprintf(w, "profiles disagree on %s of %s\n", prose.Int(disagreements), prose.Count(len(results), "query", "queries"))
	}
}

// writeExpectations prints each expectation that fails, naming the line
// that decided, then how many hold.
func writeExpectations(w io.Writer, failures []expectFailure, total int) {
	for _, f := range failures {
		fmt.Fprintf(w, "%s:%d: expected %s %s %s, but %s %ss it: %s\n",
			f.ExpectFile, f.ExpectLine, f.Expect, showWord(f.Agent), showWord(f.URL), f.Profile, verb(f.Allowed), f.reason)
	}
	held := total - len(failures)
	fmt.Fprintf(w, "%s of %s %s\n", prose.Int(held), prose.Count(total, "expectation", "expectations"), prose.Choose(held, "holds", "hold"))
}

// parseURLs reads a --urls file: a URL a line, taken as written but for
// the line ending (\n or \r\n), so that a space or an invisible character
// at either end is tested as crawlers would meet it; blank lines and lines
// that start with # are skipped, as in --expect files.
func parseURLs(name string, data []byte) ([]string, error) {
	var urls []string
	text := strings.TrimPrefix(string(data), "\uFEFF") // a byte order mark is the file's, not the URL's
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if rest := strings.TrimLeft(line, " \t"); rest == "" || rest[0] == '#' {
			continue
		}
		if err := checkURL(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		urls = append(urls, line)
	}
	return urls, nil
}

// checkURL rejects a URL that no profile can answer for as crawlers would:
// one with a NUL byte, where Google's matcher, which reads the URL as a C
// string, ends it.
func checkURL(url string) error {
	if strings.IndexByte(url, 0) >= 0 {
		return fmt.Errorf("the URL %s holds a NUL byte, where Google's matcher ends it: write the byte as %%00, or remove it", strconv.QuoteToASCII(url))
	}
	return nil
}

// parseExpectations reads an --expect file: "allow AGENT URL" or
// "disallow AGENT URL" a line, with # comments and blank lines; an agent
// or URL may be a double-quoted Go string, so that "" names the empty one.
func parseExpectations(name string, data []byte) ([]expectation, error) {
	var out []expectation
	for i, line := range strings.Split(string(data), "\n") {
		if hash := strings.IndexByte(line, '#'); hash >= 0 {
			line = line[:hash]
		}
		words, err := splitWords(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		if len(words) == 0 {
			continue
		}
		if len(words) != 3 || words[0] != "allow" && words[0] != "disallow" {
			return nil, fmt.Errorf(`%s:%d: want "allow AGENT URL" or "disallow AGENT URL"`, name, i+1)
		}
		if err := checkURL(words[2]); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		out = append(out, expectation{line: i + 1, allow: words[0] == "allow", agent: words[1], url: words[2]})
	}
	return out, nil
}

// splitWords splits a line at spaces and tabs; a word that starts with '"'
// is a Go string literal.
func splitWords(line string) ([]string, error) {
	var words []string
	for {
		line = strings.TrimLeft(line, " \t\r")
		if line == "" {
			return words, nil
		}
		if line[0] == '"' {
			prefix, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("unterminated or malformed quoted word %s", line)
			}
			word, _ := strconv.Unquote(prefix)
			words = append(words, word)
			line = line[len(prefix):]
			continue
		}
		end := strings.IndexAny(line, " \t\r")
		if end < 0 {
			end = len(line)
		}
		words = append(words, line[:end])
		line = line[end:]
	}
}

// namedAgents returns every crawler name of groupNames (those of the
// first profile: Google's tokens under --profile all), in file order, then
// "*" for any other crawler.
func namedAgents(groupNames [][]string) []string {
	var agents []string
	for _, names := range groupNames {
		agents = addAgents(agents, slices.DeleteFunc(slices.Clone(names), func(a string) bool { return a == "*" }))
	}
	return append(agents, "*")
}

// addAgents appends to list each of names it lacks, ignoring case, as
// profiles match names.
func addAgents(list, names []string) []string {
	for _, a := range names {
		if !slices.ContainsFunc(list, func(b string) bool { return strings.EqualFold(a, b) }) {
			list = append(list, a)
		}
	}
	return list
}

// spelledAgents returns the names of g as the profile reads them, but
// spelled as the file writes them: "Googlebot", not the "googlebot" the
// profile matches with, for "User-agent: Googlebot/2.1".
func spelledAgents(f *syntax.File, g match.Group) []string {
	names := make([]string, len(g.Agents))
	for k, token := range g.Agents {
		names[k] = token
		value := string(f.Text(f.Lines[g.UserAgents[k]].Value()))
		for i := 0; i+len(token) <= len(value); i++ {
			if strings.EqualFold(value[i:i+len(token)], token) {
				names[k] = value[i : i+len(token)]
				break
			}
		}
	}
	return names
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

func verb(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

// showWord shows an agent or URL so that all it holds can be seen: in Go
// quotes when it is empty, has white space at either end, or holds a
// character that prints as nothing or as a plain space ("/a " and
// "/a\u00a0" are not "/a", and crawlers do not read them as "/a").
func showWord(s string) string {
	hidden := func(r rune) bool { return !unicode.IsGraphic(r) || r != ' ' && unicode.IsSpace(r) }
	if s == "" || strings.TrimSpace(s) != s || strings.IndexFunc(s, hidden) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// usageError prints a one-line usage error and returns exitError.
func usageError(stderr io.Writer, format string, args ...any) int {
	return badUsage(stderr, "test", fmt.Sprintf(format, args...))
}
