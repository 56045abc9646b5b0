package kb

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/robotslint/robotslint/syntax"
)

// Category is what a crawler fetches pages for.
type Category string

// The categories of crawlers.
const (
	// CategorySearch is a search engine's crawler.
	CategorySearch Category = "search"
	// CategoryAITraining collects content to train AI models.
	CategoryAITraining Category = "ai-training"
	// CategoryAIAssistant fetches pages for an AI assistant or agent,
	// usually because a user asked it to.
	CategoryAIAssistant Category = "ai-assistant"
	// CategoryAISearch indexes content for AI search and answers.
	CategoryAISearch Category = "ai-search"
	// CategorySEO is an SEO tool's crawler: backlink indexes, site audits.
	CategorySEO Category = "seo"
	// CategorySocial fetches link previews for a social network or chat.
	CategorySocial Category = "social"
	// CategoryArchive archives the web.
	CategoryArchive Category = "archive"
	// CategoryOther is anything else: ads checks, testing tools, fetchers.
	CategoryOther Category = "other"
)

var categories = []Category{
	CategorySearch, CategoryAITraining, CategoryAIAssistant, CategoryAISearch,
	CategorySEO, CategorySocial, CategoryArchive, CategoryOther,
}

// Categories returns every category.
func Categories() []Category { return append([]Category(nil), categories...) }

// Honours says whether a crawler obeys robots.txt.
type Honours string

// The answers to whether a crawler obeys robots.txt.
const (
	// HonoursYes: its operator documents that it obeys robots.txt.
	HonoursYes Honours = "yes"
	// HonoursNo: its operator documents that it ignores robots.txt, or,
	// lacking that, the lists the data comes from report that it does.
	HonoursNo Honours = "no"
	// HonoursUnknown: nothing reliable says either way.
	HonoursUnknown Honours = "unknown"
)

// QuirkKind names a way a crawler reads robots.txt that its group alone
// does not show.
type QuirkKind string

// The kinds of quirk.
const (
	// QuirkIgnoresGlobalGroup: the crawler ignores the * group and obeys
	// only a group that names it, so "User-agent: *" with "Disallow: /"
	// does not keep it out.
	QuirkIgnoresGlobalGroup QuirkKind = "ignores-global-group"
	// QuirkFallsBackTo: when no group names the crawler, it obeys the group
	// of the crawler whose token is Quirk.Token before the * group.
	QuirkFallsBackTo QuirkKind = "falls-back-to"
	// QuirkIgnoresRobots: the crawler does not obey robots.txt, always or
	// in some cases, typically because a user asked for the fetch. Its
	// operator says so, except where Quirk.Text names another source.
	QuirkIgnoresRobots QuirkKind = "ignores-robots"
	// QuirkControlTokenOnly: the token never fetches anything; its
	// operator's other crawlers read its group to decide how they may use
	// what they fetch (for AI training, say).
	QuirkControlTokenOnly QuirkKind = "control-token-only"
	// QuirkSubstringMatch: the crawler obeys a group whose User-agent value
	// contains Quirk.Token, ignoring case, rather than one that equals its
	// own token.
	QuirkSubstringMatch QuirkKind = "substring-match"
	// QuirkHonoursCrawlDelay: the crawler waits as Crawl-delay asks.
	QuirkHonoursCrawlDelay QuirkKind = "honours-crawl-delay"
	// QuirkIgnoresCrawlDelay: the crawler ignores Crawl-delay.
	QuirkIgnoresCrawlDelay QuirkKind = "ignores-crawl-delay"
)

var quirkKinds = []QuirkKind{
	QuirkIgnoresGlobalGroup, QuirkFallsBackTo, QuirkIgnoresRobots, QuirkControlTokenOnly,
	QuirkSubstringMatch, QuirkHonoursCrawlDelay, QuirkIgnoresCrawlDelay,
}

// QuirkKinds returns every kind of quirk.
func QuirkKinds() []QuirkKind { return append([]QuirkKind(nil), quirkKinds...) }

// Quirk is one way a crawler departs from reading robots.txt as its group
// says.
type Quirk struct {
	Kind QuirkKind
	// Token is the other token the quirk involves: the crawler whose group
	// QuirkFallsBackTo falls back to, the substring QuirkSubstringMatch
	// looks for. It is empty for the other kinds.
	Token string
	// Text explains the quirk to a webmaster, with its source's words where
	// they matter.
	Text string
}

// Crawler is what robotslint knows about the crawler a robots.txt token
// names.
type Crawler struct {
	// Token is the token as its operator writes it ("Googlebot"). Some
	// tokens in use are not valid RFC 9309 product tokens ("MJ12bot",
	// "ChatGPT Agent"); they are listed as written, since that is how
	// files name them.
	Token    string
	Operator string
	Category Category
	// HonoursRobots says whether the crawler obeys robots.txt at all.
	HonoursRobots Honours
	// Notes says in a few sentences what the crawler does and what a
	// webmaster should know about it.
	Notes string
	// Source cites the pages the facts come from: URLs, separated by "; ",
	// some with a remark in parentheses.
	Source string
	Quirks []Quirk
}

// Quirk returns the crawler's quirk of kind k, and false if it has none.
func (c *Crawler) Quirk(k QuirkKind) (Quirk, bool) {
	for _, q := range c.Quirks {
		if q.Kind == k {
			return q, true
		}
	}
	return Quirk{}, false
}

// Crawlers returns every known crawler, sorted by token ignoring case, the
// order completion lists them in.
func Crawlers() []Crawler { return append([]Crawler(nil), crawlerTable().list...) }

// LookupCrawler returns the crawler whose token equals token, ignoring
// ASCII case, or nil. It does not extract a token from a longer value:
// "Googlebot/2.1" is not Googlebot here.
func LookupCrawler(token string) *Crawler {
	if i, ok := crawlerTable().index[syntax.LowerASCII(token)]; ok {
		return &crawlerTable().list[i]
	}
	return nil
}

//go:embed crawlers.json
var crawlersJSON []byte

type crawlers struct {
	list  []Crawler
	index map[string]int // by lower-case token
}

// crawlerTable decodes crawlers.json on first use, so that programs that
// never look at crawlers do not pay for it. The file is generated and
// checked by the tests, so a failure here is a build defect, not an input
// error.
var crawlerTable = sync.OnceValue(func() crawlers {
	t, err := decodeCrawlers(crawlersJSON, curatedQuirks())
	if err != nil {
		panic("kb: crawlers.json: " + err.Error())
	}
	return t
})

// decodeCrawlers decodes the crawler list and attaches the quirks, which
// are keyed by token as written.
func decodeCrawlers(data []byte, quirks map[string][]Quirk) (crawlers, error) {
	// The field names are kbgen's.
	var entries []struct {
		Token         string   `json:"token"`
		Operator      string   `json:"operator"`
		Category      Category `json:"category"`
		HonoursRobots Honours  `json:"honours_robots"`
		Notes         string   `json:"notes"`
		Source        string   `json:"source"`
	}
	var t crawlers
	if err := json.Unmarshal(data, &entries); err != nil {
		return t, err
	}
	t.list = make([]Crawler, len(entries))
	t.index = make(map[string]int, len(entries))
	for i, e := range entries {
		key := syntax.LowerASCII(e.Token)
		if _, dup := t.index[key]; dup {
			return t, fmt.Errorf("%s is listed twice", e.Token)
		}
		t.index[key] = i
		t.list[i] = Crawler{e.Token, e.Operator, e.Category, e.HonoursRobots, e.Notes, e.Source, quirks[e.Token]}
	}
	for token := range quirks {
		if i, ok := t.index[syntax.LowerASCII(token)]; !ok || t.list[i].Token != token {
			return t, fmt.Errorf("quirks for %s, which is not listed as written", token)
		}
	}
	return t, nil
}
