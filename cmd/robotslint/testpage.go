package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// "robotslint test --page": besides whether each crawler may fetch a page
// (the deciding robots.txt line), whether it may index it, follow its
// links and show a snippet of it, and which robots META tag or
// X-Robots-Tag header line decides. The page is fetched with the bounded,
// redirect-aware client that fetches robots.txt.
//
// The rules a crawler applies are those of the response it ends at: the
// final page's META tags and every one of its X-Robots-Tag header lines.
// A redirect's own X-Robots-Tag lines are shown in a note but not applied:
// Google documents X-Robots-Tag for the response of "a given URL", says
// nothing of redirects, and said in a 2019 office-hours answer (Gary
// Illyes, seen only through seoclaims.com) that it follows a redirect
// whatever its headers say; a page that redirects has no content to
// index.

// testPage is one page of a --page run: the URL asked for and its fetch.
type testPage struct {
	url   string // the absolute URL fetched
	fetch *fetchResult
	html  bool           // the final answer is an HTML page (else only its headers count)
	doc   *page.Document // the parsed page, when html
	lines *syntax.LineIndex
	// directives are the page's META tags, then the parts of its
	// X-Robots-Tag lines; header is 0 for a tag and n for the n-th line.
	directives []pageDirective
	// sameSiteRedirect says that the page redirects to another URL of
	// the site whose robots.txt is tested; siteNotes say what the test
	// cannot answer because the page or its redirect is on another site.
	sameSiteRedirect bool
	siteNotes        []string
}

// checkSite notes where the page and its redirect stand against the
// robots.txt tested: on its site, or on another, whose own robots.txt
// decides for it. robots is ROBOTS; a file is taken to be the page's
// site's.
func (p *testPage) checkSite(run *testRun, robots string) {
	site := ""
	if run.fetched != nil {
		site, _ = robotsURL(run.fetched.URL)
	} else if isURL(robots) {
		site, _ = robotsURL(robots)
	}
	asked, _ := robotsURL(p.url)
	final, _ := robotsURL(p.fetch.FinalURL)
	if site != "" && asked != site {
		p.siteNotes = append(p.siteNotes, fmt.Sprintf("%s is not on the site of %s: crawlers obey %s for it", p.url, site, asked))
	}
	if p.fetch.FinalURL != p.url {
		if final == asked {
			p.sameSiteRedirect = true
		} else {
			p.siteNotes = append(p.siteNotes, fmt.Sprintf("the page redirects to another site, %s: whether crawlers may fetch it there is for %s to say", p.fetch.FinalURL, final))
		}
	}
}

// pageDirective is a META tag or one crawler's part of a header line.
type pageDirective struct {
	page.Directive
	header int // 0 for a META tag, n for the n-th X-Robots-Tag line
	src    []byte
}

// pageRuleJSON is one rule a crawler applies, where it is written; the
// field names are a contract that other tools read.
type pageRuleJSON struct {
	Rule   string `json:"rule"`
	Value  string `json:"value,omitempty"`
	Source string `json:"source"`           // "meta" or "header"
	Line   int    `json:"line,omitempty"`   // meta: the tag's line in the page, from 1
	Column int    `json:"column,omitempty"` // meta: its column, from 1, in characters
	Header int    `json:"header,omitempty"` // header: which X-Robots-Tag line, from 1
	Text   string `json:"text"`             // the tag or header line part, as written
}

// pageVerdict is what one crawler makes of a page's robots rules. Index,
// Follow and Snippet are nil when the crawler does not see the page's
// rules (Unseen says why).
type pageVerdict struct {
	Seen    bool           `json:"seen"`
	Unseen  string         `json:"unseen,omitempty"`
	Index   *bool          `json:"index,omitempty"`
	Follow  *bool          `json:"follow,omitempty"`
	Snippet *bool          `json:"snippet,omitempty"`
	Rules   []pageRuleJSON `json:"rules"`
	// Hidden are the restricting rules addressed to the crawler that it
	// never sees because robots.txt keeps it from fetching the page.
	Hidden []pageRuleJSON `json:"hidden,omitempty"`

	lines []string // the text output's lines under the verdict
}

// pageJSON describes the fetch of one page in the JSON output.
type pageJSON struct {
	URL         string       `json:"url"`
	FinalURL    string       `json:"finalURL"`
	Redirects   int          `json:"redirects"`
	Status      int          `json:"status"`
	ContentType string       `json:"contentType"`
	HTML        bool         `json:"html"`
	Truncated   bool         `json:"truncated"`
	XRobotsTag  []string     `json:"xRobotsTag"`
	RedirectTag []hopTagJSON `json:"redirectXRobotsTag,omitempty"`
	Explanation string       `json:"explanation"`
}

// hopTagJSON is the X-Robots-Tag line of a redirect, which crawlers do
// not apply to the page.
type hopTagJSON struct {
	URL   string `json:"url"`
	Value string `json:"value"`
}

// pageResult is one verdict of a --page run as the JSON output gives it.
type pageResult struct {
	testResult
	Page pageVerdict `json:"page"`
}

// pageURLs resolves the URLs of a --page run to absolute http(s) URLs:
// a path is taken on the site of ROBOTS when ROBOTS is a URL, and with no
// URL at all ROBOTS itself is the page.
func pageURLs(robots string, urls []string) ([]string, error) {
	if len(urls) == 0 && isURL(robots) {
		urls = []string{robots}
	}
	var out []string
	for _, u := range urls {
		if isURL(u) {
			if _, err := robotsURL(u); err != nil {
				return nil, err
			}
			out = append(out, u)
			continue
		}
		if !isURL(robots) {
			return nil, fmt.Errorf("with --page, %s must be an http or https URL to fetch: ROBOTS is a file, so no site says where the path is", strconv.Quote(u))
		}
		base, err := url.Parse(robots)
		if err != nil {
			return nil, fmt.Errorf("invalid URL %q: %v", robots, err)
		}
		ref, err := url.Parse(u)
		if err != nil || !strings.HasPrefix(u, "/") && u != "" {
			return nil, fmt.Errorf("with --page, %s must be a path starting with / or an http or https URL", strconv.Quote(u))
		}
		out = append(out, base.ResolveReference(ref).String())
	}
	return out, nil
}

// fetchPage fetches u as a crawler fetches a page and reads its robots
// directives.
func fetchPage(ctx context.Context, u string, timeout time.Duration) (*testPage, error) {
	r, err := fetchURL(ctx, u, strconv.Quote(u), fetchOptions{Timeout: timeout, page: true})
	if err != nil {
		return nil, err
	}
	p := &testPage{url: u, fetch: r}
	if r.Outcome == fetchFetched {
		p.html = isHTML(r.ContentType, r.Body)
		if p.html {
			p.doc = page.ParseHTML(r.Body)
			p.lines = syntax.NewLineIndex(r.Body)
			for _, d := range p.doc.Metas {
				p.directives = append(p.directives, pageDirective{Directive: d, src: r.Body})
			}
		}
		for i, h := range r.RobotsTags {
			for _, d := range page.ParseHeader([]byte(h)) {
				p.directives = append(p.directives, pageDirective{Directive: d, header: i + 1, src: []byte(h)})
			}
		}
	}
	return p, nil
}

// isHTML reports whether a response is an HTML page: by its Content-Type,
// or, without one, by its first bytes, as browsers sniff it.
func isHTML(contentType string, body []byte) bool {
	if strings.TrimSpace(contentType) == "" {
		contentType = http.DetectContentType(body)
	}
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && (media == "text/html" || media == "application/xhtml+xml")
}

// summary says in one line what fetching the page gave.
func (p *testPage) summary() string {
	r := p.fetch
	if r.Outcome != fetchFetched {
		return strings.Join(strings.Fields(r.happened(r.who())+": there is no page whose rules crawlers could read"), " ")
	}
	metas, headers := 0, len(r.RobotsTags)
	if p.doc != nil {
		metas = len(p.doc.Metas)
	}
	s := fmt.Sprintf("%s answered %s", r.who(), r.status())
	if p.html {
		s += fmt.Sprintf(": %s, %s", prose.Count(metas, "robots META tag", "robots META tags"), prose.Count(headers, "X-Robots-Tag header line", "X-Robots-Tag header lines"))
	} else {
		media := r.ContentType
		if media == "" {
			media = "no Content-Type"
		}
		s += fmt.Sprintf(" with %s, not HTML: only its %s count", media, prose.Count(headers, "X-Robots-Tag header line", "X-Robots-Tag header lines"))
	}
	if r.Truncated {
		s += fmt.Sprintf("; only the first %s were read, as Googlebot reads only that much", sizeText(r.maxBytes))
	}
	return strings.Join(strings.Fields(s), " ")
}

// notes says what the page's fetch shows that no verdict does: the
// X-Robots-Tag lines of redirects, which crawlers do not apply.
func (p *testPage) notes() []string {
	notes := slices.Clone(p.siteNotes)
	for _, h := range p.fetch.Hops {
		for _, v := range h.RobotsTags {
			notes = append(notes, fmt.Sprintf("the redirect at %s (%d) sends X-Robots-Tag: %s; crawlers follow the redirect and apply the rules of the page it leads to, not these", h.URL, h.Status, v))
		}
	}
	return notes
}

// json describes the page's fetch for the JSON output.
func (p *testPage) json() pageJSON {
	r := p.fetch
	out := pageJSON{URL: r.URL, FinalURL: r.FinalURL, Redirects: len(r.Hops), Status: r.Status, ContentType: r.ContentType,
		HTML: p.html, Truncated: r.Truncated, XRobotsTag: r.RobotsTags, Explanation: p.summary()}
	if out.XRobotsTag == nil {
		out.XRobotsTag = []string{}
	}
	for _, h := range r.Hops {
		for _, v := range h.RobotsTags {
			out.RedirectTag = append(out.RedirectTag, hopTagJSON{URL: h.URL, Value: v})
		}
	}
	return out
}

// agentProfile returns the page profile whose crawler agent is: the one of
// the name it answers to in META tags, or of its operator, or "" when
// robotslint knows no page rules for it.
func agentProfile(agent string) kb.Profile {
	for _, n := range kb.PageNames() {
		if n.Token != "" && strings.EqualFold(n.Token, agent) {
			return n.Profile
		}
	}
	if c := kb.LookupCrawler(agent); c != nil {
		switch strings.ToLower(c.Operator) {
		case "google":
			return kb.ProfileGoogle
		case "microsoft", "bing":
			return kb.ProfileBing
		case "yandex":
			return kb.ProfileYandex
		}
	}
	return ""
}

// addresses reports whether directive d addresses the crawler whose
// robots.txt token is agent: robots reaches every crawler that reads it
// (not AdsBot), and a name reaches the crawler it names.
func addresses(d *pageDirective, agent string) bool {
	name := kb.LookupPageName(d.Agent)
	if d.Agent == "robots" {
		own := kb.LookupPageName(agent)
		return own == nil || own.ReadsRobots
	}
	if strings.EqualFold(d.Agent, agent) {
		return true
	}
	return name != nil && name.Token != "" && strings.EqualFold(name.Token, agent)
}

// pageAgents returns the crawlers a --page run asks about when no --agent
// names them: the main crawler of each page profile among profiles, then
// each crawler a page's tags or headers address by name.
func pageAgents(profiles []*match.Profile, pages []*testPage) []string {
	var agents []string
	for _, p := range profiles {
		for _, n := range kb.PageNames() {
			if n.Profile == kb.Profile(p.Name) && n.Token != "" {
				agents = addAgents(agents, []string{n.Token})
				break
			}
		}
	}
	for _, p := range pages {
		for _, d := range p.directives {
			if n := kb.LookupPageName(d.Agent); n != nil && n.Token != "" && slices.ContainsFunc(profiles, func(p *match.Profile) bool { return kb.Profile(p.Name) == n.Profile }) {
				agents = addAgents(agents, []string{n.Token})
			}
		}
	}
	return agents
}

// where describes a rule of directive d for the output.
func (p *testPage) where(d *pageDirective, rule page.Rule) pageRuleJSON {
	out := pageRuleJSON{Rule: rule.Name, Value: rule.Value}
	text := strings.Join(strings.Fields(string(d.src[d.Span.Start:d.Span.End])), " ")
	if len(text) > 120 {
		text = text[:117] + "..."
	}
	out.Text = text
	if d.header > 0 {
		out.Source, out.Header = "header", d.header
		return out
	}
	pos := p.lines.Position(d.Span.Start)
	out.Source, out.Line, out.Column = "meta", pos.Line, pos.Column
	return out
}

// place says where a rule is, for the text output.
func (r pageRuleJSON) place() string {
	if r.Source == "header" {
		return fmt.Sprintf("X-Robots-Tag line %d: %s", r.Header, r.Text)
	}
	return fmt.Sprintf("line %d: %s", r.Line, r.Text)
}

// name is the rule as written in a sentence: "noindex", "max-snippet: 50".
func (r pageRuleJSON) name() string {
	if r.Value == "" {
		return r.Rule
	}
	return r.Rule + ": " + r.Value
}

// read returns what the crawler agent, whose page rules are those of
// profile prof, makes of the page when fetchAllowed says whether
// robots.txt lets it fetch the page; now judges unavailable_after dates.
func (p *testPage) read(agent string, prof kb.Profile, fetchAllowed bool, now time.Time) pageVerdict {
	v := pageVerdict{Rules: []pageRuleJSON{}}
	// Every rule addressed to the crawler, known or not, in order; Origin
	// indexes where.
	var settings []kb.Setting
	var origins []pageRuleJSON
	for i := range p.directives {
		d := &p.directives[i]
		if !addresses(d, agent) {
			continue
		}
		for _, rule := range d.Rules {
			settings = append(settings, kb.Setting{Name: rule.Name, Arg: rule.Value, Origin: len(origins)})
			origins = append(origins, p.where(d, rule))
		}
	}
	switch {
	case !fetchAllowed:
		for i, s := range settings {
			if pv := kb.LookupPageValue(s.Name); pv != nil && pv.Restricts {
				v.Hidden = append(v.Hidden, origins[i])
			}
		}
		v.Unseen = fmt.Sprintf("%s may not fetch the page, so it never reads its robots rules", agent)
		if len(v.Hidden) > 0 {
			var names []string
			for _, h := range v.Hidden {
				names = append(names, h.name()+" ("+h.place()+")")
			}
			v.Unseen = fmt.Sprintf("%s may not fetch the page, so it never sees %s: the URL can still appear in its results, found through links, without a description", agent, strings.Join(names, ", "))
		}
		v.lines = []string{"robots rules unseen: " + v.Unseen}
		return v
	case p.fetch.Outcome != fetchFetched:
		v.Unseen = p.summary()
		v.lines = []string{"robots rules unseen: " + v.Unseen}
		return v
	case prof == "":
		v.Unseen = fmt.Sprintf("robotslint knows no robots META rules of %s: it reads them only for Google's, Bing's and Yandex's crawlers", agent)
		v.lines = []string{v.Unseen}
		return v
	}
	v.Seen = true
	kept := kb.Combine(prof, settings)
	index, follow, snippet := true, true, true
	why := map[string]string{}
	for _, s := range kept {
		o := origins[s.Origin]
		v.Rules = append(v.Rules, o)
		switch s.Name {
		case "noindex":
			index, why["index"] = false, "noindex, "+o.place()
		case "nofollow":
			follow, why["follow"] = false, "nofollow, "+o.place()
		case "nosnippet":
			snippet, why["snippet"] = false, "nosnippet, "+o.place()
		case "max-snippet":
			if n, _ := kb.ParseNumber(s.Arg); n == 0 {
				snippet, why["snippet"] = false, "max-snippet: 0, "+o.place()
			} else if n > 0 {
				why["snippet"] = fmt.Sprintf("at most %s, by max-snippet: %d, %s", prose.Count(n, "character", "characters"), n, o.place())
			}
		case "unavailable_after":
			// noindex, earlier in Combine's order, says more already.
			if t, ok := kb.ParseDate(s.Arg); ok && index {
				if t.Before(now) {
					index, why["index"] = false, "the unavailable_after date has passed, "+o.place()
				} else {
					why["index"] = "until " + s.Arg + ", by unavailable_after, " + o.place()
				}
			}
		}
	}
	v.Index, v.Follow, v.Snippet = &index, &follow, &snippet
	line := func(what string, ok bool) string {
		s := what + ": " + map[bool]string{true: "yes", false: "no"}[ok]
		if w := why[what]; w != "" {
			s += ", " + w
		} else if ok {
			s += ", no rule against it"
		}
		return s
	}
	v.lines = []string{line("index", index), line("follow", follow), line("snippet", snippet)}
	var others []string
	for i, s := range kept {
		switch s.Name {
		case "noindex", "nofollow", "nosnippet", "max-snippet", "unavailable_after", "index", "follow", "all":
			continue
		}
		others = append(others, v.Rules[i].name()+" ("+v.Rules[i].place()+")")
	}
	if len(others) > 0 {
		v.lines = append(v.lines, "also: "+strings.Join(others, ", "))
	}
	return v
}

// runTestPages is "robotslint test --page": it fetches the pages, reads
// or fetches robots.txt, and says per crawler and page whether the crawler
// may fetch it and what it may do with it.
func runTestPages(opt testOptions, run *testRun, stdin io.Reader, stdout, stderr io.Writer) int {
	urls, err := pageURLs(opt.robots, run.urls)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	var pages []*testPage
	for _, u := range urls {
		p, err := fetchPage(context.Background(), u, opt.timeout)
		if err != nil {
			return usageError(stderr, "%v", err)
		}
		pages = append(pages, p)
	}
	src, status := run.readRobots(opt, stdin, stderr)
	if status != exitClean {
		return status
	}
	file := syntax.Parse(src)
	notRobotsTxt := rules.NotRobotsTxtReason(file)
	// Without --profile, each crawler reads robots.txt as its own search
	// engine does; with it, as the profiles named.
	profiles := opt.profiles
	if !opt.profileSet {
		profiles = nil
		for _, name := range kb.PageProfiles() {
			profiles = append(profiles, match.LookupProfile(string(name)))
		}
	}
	run.urls = urls
	run.compile(file, profiles)
	if len(opt.agents) == 0 {
		run.agents = pageAgents(profiles, pages)
	}
	now := time.Now()
	status = exitClean
	var results []pageResult
	for _, p := range pages {
		p.checkSite(run, opt.robots)
		for _, agent := range run.agents {
			own := agentProfile(agent)
			final := run.check(agent, p.fetch.FinalURL)
			for k, res := range run.check(agent, p.url) {
				// A crawler redirected on the site fetches the page it is
				// sent to only if robots.txt allows that URL too.
				if p.sameSiteRedirect && res.Allowed && !final[k].Allowed {
					res.Allowed, res.Line, res.Rule = false, final[k].Line, final[k].Rule
					res.reason = "redirected to " + p.fetch.FinalURL + ", disallowed by " + final[k].reason
				}
				if !opt.profileSet && own != "" && res.Profile != string(own) || !opt.profileSet && own == "" && res.Profile != string(kb.ProfileGoogle) {
					continue
				}
				prof := own
				if opt.profileSet && slices.Contains(kb.PageProfiles(), kb.Profile(res.Profile)) {
					prof = kb.Profile(res.Profile)
				}
				pr := pageResult{testResult: res, Page: p.read(agent, prof, res.Allowed, now)}
				if !res.Allowed || pr.Page.Index != nil && !*pr.Page.Index {
					status = exitFindings
				}
				results = append(results, pr)
			}
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if opt.format == "json" {
		writePagesJSON(out, run, opt.profiles, notRobotsTxt, pages, results)
	} else {
		writePagesText(out, run, opt, notRobotsTxt, pages, results)
	}
	return status
}

// writePagesJSON writes the verdicts of a --page run as one JSON document:
// the fetch of robots.txt, each page's fetch, and a verdict per crawler
// and page, each with the page's robots rules as the crawler reads them.
func writePagesJSON(w io.Writer, run *testRun, profiles []*match.Profile, notRobotsTxt string, pages []*testPage, results []pageResult) {
	doc := struct {
		Fetch        *fetchJSON    `json:"fetch,omitempty"`
		NotRobotsTxt string        `json:"notRobotsTxt,omitempty"`
		Pages        []pageJSON    `json:"pages"`
		Results      []pageResult  `json:"results"`
		Notes        []crawlerNote `json:"notes,omitempty"`
	}{NotRobotsTxt: notRobotsTxt, Pages: []pageJSON{}, Results: results, Notes: run.notes()}
	if f := run.fetched; f != nil {
		doc.Fetch = &fetchJSON{URL: f.URL, FinalURL: f.FinalURL, Redirects: len(f.Hops), Status: f.Status, Outcome: f.Outcome, Truncated: f.Truncated, Explanation: f.Explain(profiles)}
	}
	for _, p := range pages {
		doc.Pages = append(doc.Pages, p.json())
	}
	if doc.Results == nil {
		doc.Results = []pageResult{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(doc)
}

// writePagesText writes the verdicts of a --page run for people: what the
// fetches gave, then per page a line per crawler with the fetch verdict
// and, indented under it, what the crawler does with the page.
func writePagesText(w io.Writer, run *testRun, opt testOptions, notRobotsTxt string, pages []*testPage, results []pageResult) {
	if run.fetched != nil {
		fmt.Fprintln(w, run.fetched.Explain(opt.profiles))
	}
	if notRobotsTxt != "" {
		name := opt.robots
		if run.fetched != nil {
			name = run.fetched.URL
		} else if name == "-" {
			name = "<stdin>"
		}
		fmt.Fprintf(w, "note: %s: %s\n", name, notRobotsTxt)
	}
	for _, p := range pages {
		fmt.Fprintln(w)
		fmt.Fprintln(w, p.summary())
		for _, n := range p.notes() {
			fmt.Fprintf(w, "note: %s\n", n)
		}
		// Columns by hand: the lines under each verdict would break a
		// tabwriter's columns into one block per crawler.
		agentWidth, profileWidth := 0, 0
		for _, res := range results {
			agentWidth = max(agentWidth, len(showWord(res.Agent)))
			profileWidth = max(profileWidth, len(res.Profile))
		}
		for _, res := range results {
			if res.URL != p.url {
				continue
			}
			fmt.Fprintf(w, "%-10s  %-*s  %-*s  %s\n", verdict(res.Allowed), agentWidth, showWord(res.Agent), profileWidth, res.Profile, res.reason)
			for _, l := range res.Page.lines {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
	for _, n := range run.notes() {
		fmt.Fprintf(w, "note: %s: %s\n", n.Agent, n.Text)
	}
}
