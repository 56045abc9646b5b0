// Package kbgen builds the crawler list that package kb embeds from the two
// lists it is derived from. It is separate from kb so that kb's test can
// check the committed file against its sources without the transform being
// compiled into every program that imports kb, and so that gen.go, which
// writes the file, and the test run the same code.
package kbgen

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// CommunitySource is the snapshot of ai.robots.txt's robots.json that the
// community list was taken from, cited for every entry that comes from it.
const CommunitySource = "https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80df2169027ce0e07c9976fd3f2f57dd8f7b/robots.json"

// categories are the crawler categories of the curated list; kb declares
// the same set, and its tests check the output against it.
var categories = []string{"search", "ai-training", "ai-assistant", "ai-search", "seo", "social", "archive", "other"}

// crawler is one entry of the generated file. Its field names are the
// ones kb decodes.
type crawler struct {
	Token         string `json:"token"`
	Operator      string `json:"operator"`
	Category      string `json:"category"`
	HonoursRobots string `json:"honours_robots"`
	Notes         string `json:"notes"`
	Source        string `json:"source"`
}

// curatedEntry is an entry of crawlers.json, robotslint's own list.
type curatedEntry struct {
	Token    string `json:"token"`
	Operator string `json:"operator"`
	Category string `json:"category"`
	// HonorsRobots is true, false or "unknown".
	HonorsRobots any    `json:"honors_robots"`
	Notes        string `json:"notes"`
	Source       string `json:"source"`
}

// communityEntry is an entry of ai.robots.txt's robots.json. Its fields are
// free text, often Markdown.
type communityEntry struct {
	Operator    string `json:"operator"`
	Respect     string `json:"respect"`
	Function    string `json:"function"`
	Description string `json:"description"`
}

// extras are crawlers that Google's and Apple's documentation name, with
// behaviour a webmaster needs to know about, but that neither list has.
var extras = []crawler{
	{
		Token:         "iTMS",
		Operator:      "Apple",
		Category:      "other",
		HonoursRobots: "no",
		Notes:         "Apple Podcasts fetcher. Apple: iTMS 'does not follow robots.txt'.",
		Source:        "https://support.apple.com/en-us/119829",
	},
	{
		Token:         "Google-CWS",
		Operator:      "Google",
		Category:      "other",
		HonoursRobots: "no",
		Notes:         "Chrome Web Store fetcher, one of Google's user-triggered fetchers: 'Because the fetch was requested by a user, these fetchers generally ignore robots.txt rules'.",
		Source:        "https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers",
	},
	{
		Token:         "Google-GeminiNotebook",
		Operator:      "Google",
		Category:      "ai-assistant",
		HonoursRobots: "no",
		Notes:         "One of Google's user-triggered fetchers: 'Because the fetch was requested by a user, these fetchers generally ignore robots.txt rules'.",
		Source:        "https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers",
	},
}

// Crawlers returns the generated crawler list, given the curated list
// (crawlers.json) and the community list (ai-robots-txt.json). The two are
// merged by token, compared ignoring case: the curated entry wins whole,
// because it was checked against the operators' own documentation, and
// the community list adds the tokens the curated one lacks. The result is
// a JSON array sorted by token ignoring case, one crawler per line, so that
// a change to the sources shows as a readable diff.
func Crawlers(curatedJSON, communityJSON []byte) ([]byte, error) {
	var curated []curatedEntry
	if err := json.Unmarshal(curatedJSON, &curated); err != nil {
		return nil, fmt.Errorf("curated list: %v", err)
	}
	var community map[string]communityEntry
	if err := json.Unmarshal(communityJSON, &community); err != nil {
		return nil, fmt.Errorf("community list: %v", err)
	}

	seen := make(map[string]bool)
	var out []crawler
	add := func(c crawler) error {
		if err := check(c); err != nil {
			return err
		}
		key := strings.ToLower(c.Token)
		if seen[key] {
			return fmt.Errorf("%s: listed twice", c.Token)
		}
		seen[key] = true
		out = append(out, c)
		return nil
	}
	for _, e := range curated {
		honours, err := curatedHonours(e.HonorsRobots)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Token, err)
		}
		c := crawler{e.Token, e.Operator, e.Category, honours, e.Notes, e.Source}
		if err := add(c); err != nil {
			return nil, fmt.Errorf("curated list: %v", err)
		}
	}
	for _, c := range extras {
		if err := add(c); err != nil {
			return nil, fmt.Errorf("extras (drop the entry the curated list now has): %v", err)
		}
	}
	// Sorted, so that of two tokens differing only in case (the community
	// list has such pairs) the same one is kept on every run.
	for _, token := range slices.Sorted(maps.Keys(community)) {
		if seen[strings.ToLower(token)] {
			continue
		}
		if err := add(fromCommunity(token, community[token])); err != nil {
			return nil, fmt.Errorf("community list: %v", err)
		}
	}

	slices.SortFunc(out, func(a, b crawler) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Token), strings.ToLower(b.Token)), cmp.Compare(a.Token, b.Token))
	})
	var buf bytes.Buffer
	buf.WriteString("[\n")
	for i, c := range out {
		line, err := marshal(c)
		if err != nil {
			return nil, err
		}
		buf.Write(line)
		if i < len(out)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("]\n")
	return buf.Bytes(), nil
}

// marshal encodes c on one line, leaving '&', '<' and '>' as they are: the
// file is read by people reviewing a regeneration, not by browsers.
func marshal(c crawler) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// check rejects an entry that kb could not use.
func check(c crawler) error {
	switch {
	case c.Token == "":
		return fmt.Errorf("an entry has no token")
	case c.Operator == "" || c.Notes == "" || c.Source == "":
		return fmt.Errorf("%s: operator, notes and source are required", c.Token)
	case !slices.Contains(categories, c.Category):
		return fmt.Errorf("%s: unknown category %q", c.Token, c.Category)
	case c.HonoursRobots != "yes" && c.HonoursRobots != "no" && c.HonoursRobots != "unknown":
		return fmt.Errorf("%s: honours_robots is %q", c.Token, c.HonoursRobots)
	}
	return nil
}

func curatedHonours(v any) (string, error) {
	switch v {
	case true:
		return "yes", nil
	case false:
		return "no", nil
	case "unknown":
		return "unknown", nil
	}
	return "", fmt.Errorf("honors_robots is %v, not true, false or \"unknown\"", v)
}

// fromCommunity turns an ai.robots.txt entry into a crawler. Its fields are
// prose for people: links are kept as sources, boilerplate is dropped, and
// the operator and category are read out of the text where they can be.
func fromCommunity(token string, e communityEntry) crawler {
	var sources []string
	operator := cleanOperator(e.Operator, &sources)
	honours := "unknown"
	switch firstWord(stripLinks(e.Respect, &sources)) {
	case "yes":
		honours = "yes"
	case "no":
		honours = "no"
	}
	notes := cleanDescription(e.Description, &sources)
	if operator == "" {
		operator = operatorFromDescription(notes)
	}
	if operator == "" {
		operator = "Unknown"
	}
	if notes == "" {
		notes = fmt.Sprintf("Listed by ai.robots.txt under %q, without a description.", strings.TrimSuffix(e.Function, "."))
	}
	sources = append(sources, CommunitySource)
	return crawler{
		Token:         token,
		Operator:      operator,
		Category:      communityCategory(e.Function),
		HonoursRobots: honours,
		Notes:         notes,
		Source:        strings.Join(dedupe(sources), "; "),
	}
}

var (
	markdownLink = regexp.MustCompile(`\[([^\]]*)\]\((https?://[^)\s]+)\)`)
	bareURL      = regexp.MustCompile(`^https?://\S+$`)
	moreInfo     = regexp.MustCompile(`\s*More info can be found at (https?://\S+)`)
	spaces       = regexp.MustCompile(`\s+`)
	// Sentences that knownagents.com, which ai.robots.txt copies many
	// descriptions from, adds when it knows nothing.
	boilerplate = regexp.MustCompile(`\s*(Description unavailable from knownagents\.com|[^.]*please contact us\.)`)
	// "a web crawler by Apify that", "created by OpenAI", "is Ceramic's
	// web crawler", "a Google-operated crawler": how the descriptions name
	// an operator the operator field leaves unknown, in the order tried.
	operatorPatterns = []*regexp.Regexp{
		regexp.MustCompile(`\bby ([A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*)`),
		regexp.MustCompile(`\bis ([A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*)'s\b`),
		regexp.MustCompile(`\b([A-Z][\w.&]*)-operated\b`),
	}
)

// stripLinks replaces Markdown links in s by their text and appends their
// targets to sources.
func stripLinks(s string, sources *[]string) string {
	for _, m := range markdownLink.FindAllStringSubmatch(s, -1) {
		*sources = append(*sources, m[2])
	}
	return markdownLink.ReplaceAllString(s, "$1")
}

// cleanOperator reduces the operator field to a name: "Kagi that fetches
// web content…" and "Ai2, a non-profit AI research institute" name Kagi and
// Ai2. It returns "" when the field names no one.
func cleanOperator(s string, sources *[]string) string {
	s = strings.TrimSpace(stripLinks(s, sources))
	if bareURL.MatchString(s) {
		*sources = append(*sources, s)
		return ""
	}
	if l := strings.ToLower(s); strings.HasPrefix(l, "unclear") || l == "unknown" {
		return ""
	}
	for _, sep := range []string{". ", " that ", ", ", " ("} {
		if i := strings.Index(s, sep); i > 0 {
			s = s[:i]
		}
	}
	return strings.TrimSuffix(strings.TrimSpace(s), ".")
}

// cleanDescription returns the description as a short note, its links and
// "More info" address moved to sources.
func cleanDescription(s string, sources *[]string) string {
	s = stripLinks(s, sources)
	for _, m := range moreInfo.FindAllStringSubmatch(s, -1) {
		*sources = append(*sources, m[1])
	}
	s = moreInfo.ReplaceAllString(s, "")
	s = boilerplate.ReplaceAllString(s, "")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

func operatorFromDescription(s string) string {
	for _, re := range operatorPatterns {
		if m := re.FindStringSubmatch(s); m != nil {
			return strings.TrimSuffix(m[1], ".")
		}
	}
	return ""
}

// communityHeadings maps the headings ai.robots.txt files most entries
// under to categories. "Undocumented AI Agents" goes with the agents, as
// the curated list files the two such tokens it kept; "AI Data Providers"
// goes with search, as most of the providers sell search and retrieval
// for AI rather than training sets.
var communityHeadings = map[string]string{
	"ai assistants":          "ai-assistant",
	"ai agents":              "ai-assistant",
	"ai coding agents":       "ai-assistant",
	"undocumented ai agents": "ai-assistant",
	"ai search crawlers":     "ai-search",
	"ai data providers":      "ai-search",
	"ai data scrapers":       "ai-training",
	"ai data scraper":        "ai-training",
}

// communityKeywords classify the free-text functions, in order: search
// first, because "AI search assistant" is a search engine.
var communityKeywords = []struct {
	re       *regexp.Regexp
	category string
}{
	{regexp.MustCompile(`\bsearch`), "ai-search"},
	{regexp.MustCompile(`\b(assistant|agent|user|prompt|quer|chat|companion)`), "ai-assistant"},
	{regexp.MustCompile(`\b(train|scrap|llms?\b|machine learning|dataset|data is sold)`), "ai-training"},
}

// communityCategory maps the free-text function of an ai.robots.txt entry
// to a category, "other" when it says nothing recognisable ("Insights on
// AI integration and automation.").
func communityCategory(function string) string {
	f := strings.ToLower(strings.TrimSpace(function))
	if c, ok := communityHeadings[strings.TrimSuffix(f, ".")]; ok {
		return c
	}
	for _, k := range communityKeywords {
		if k.re.MatchString(f) {
			return k.category
		}
	}
	return "other"
}

func firstWord(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexFunc(s, func(r rune) bool { return r < 'a' || r > 'z' }); i >= 0 {
		s = s[:i]
	}
	return s
}

func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
