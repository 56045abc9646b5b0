package rules

import (
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax/page"
)

// How the page rules read a page's directives: which targeted crawlers a
// META tag or header part addresses, and what each of them is told. The
// page rules read the page they check, and sitemap-noindex-url the pages
// a sitemap lists: both through a pageView.

// pageView is a page as the page reading sees it: its robots directives,
// and the profiles the site cares about.
type pageView struct {
	targets    []*match.Profile
	directives []lint.PageDirective
}

// pageOf returns the page a page rule checks.
func pageOf(pass *lint.PagePass) pageView {
	return pageView{targets: pass.Targets, directives: pass.Directives}
}

// pageTargets returns the targeted profiles that read robots META tags
// and X-Robots-Tag headers, those the knowledge base describes (Google,
// Bing, Yandex): RFC 9309 and the 1994 standard say nothing of pages.
func pageTargets(v pageView) []*match.Profile {
	var out []*match.Profile
	for _, p := range v.targets {
		if slices.Contains(kb.PageProfiles(), kb.Profile(p.Name)) {
			out = append(out, p)
		}
	}
	return out
}

// addressed returns the targeted profiles that d addresses: every page
// target for "robots", the one whose crawler d names, or none for a name
// no crawler answers to.
func addressed(v pageView, d *lint.PageDirective) []*match.Profile {
	targets := pageTargets(v)
	if d.Agent == "robots" {
		return targets
	}
	name := kb.LookupPageName(d.Agent)
	if name == nil {
		return nil
	}
	if name.Profile == "" {
		return targets
	}
	return slices.DeleteFunc(targets, func(p *match.Profile) bool { return kb.Profile(p.Name) != name.Profile })
}

// pageRule is one rule of one directive: where it is.
type pageRule struct {
	dir  *lint.PageDirective
	rule *page.Rule
}

// rulesFor returns every known rule addressed to the main crawler of
// profile p (Googlebot, Bingbot, Yandex's robots), from every META tag and
// header part, in order: those named robots and those named for that
// crawler, which it adds up. Tags for the profile's other crawlers
// (googlebot-news, AdsBot-Google) are left out: they apply to those
// crawlers alone, and robots does not reach AdsBot.
func rulesFor(v pageView, p *match.Profile) []pageRule {
	var out []pageRule
	main := mainCrawler(p)
	for i := range v.directives {
		d := &v.directives[i]
		if !slices.Contains(addressed(v, d), p) {
			continue
		}
		if name := kb.LookupPageName(d.Agent); d.Agent != "robots" && (name == nil || !strings.EqualFold(name.Token, main)) {
			continue
		}
		for k := range d.Rules {
			if kb.LookupPageValue(d.Rules[k].Name) != nil {
				out = append(out, pageRule{d, &d.Rules[k]})
			}
		}
	}
	return out
}

// says returns what the page tells the main crawler of profile p, as it
// acts on it: the rules of rulesFor combined as p combines them
// (kb.Combine), names in lower case, or nil for a profile that reads no
// page rules.
func says(v pageView, p *match.Profile) []kb.Setting {
	var settings []kb.Setting
	for _, r := range rulesFor(v, p) {
		settings = append(settings, kb.Setting{Name: r.rule.Name, Arg: r.rule.Value})
	}
	return kb.Combine(kb.Profile(p.Name), settings)
}

// saysNoindex reports whether the page tells the main crawler of profile
// p noindex, as p combines its rules (noindex, or none): the question both
// indexifembedded-without-noindex and sitemap-noindex-url ask.
func saysNoindex(v pageView, p *match.Profile) bool {
	return slices.ContainsFunc(says(v, p), func(s kb.Setting) bool { return s.Name == "noindex" })
}

// names returns the names r stands for: its own, or those it implies.
func (r pageRule) names() []string {
	v := kb.LookupPageValue(r.rule.Name)
	if v == nil {
		return nil
	}
	if len(v.Implies) > 0 {
		return v.Implies
	}
	return []string{v.Name}
}

// reads reports whether crawlers of profile p act on rule v.
func reads(v *kb.PageValue, p *match.Profile) bool {
	s, ok := v.SupportFor(kb.Profile(p.Name))
	return ok && s.Reading != kb.Ignored
}

// crawlerToken returns the robots.txt user-agent token of the crawler of
// profile p that directive d addresses: the one its name gives, or the
// main crawler of p for "robots" (Googlebot for Google).
func crawlerToken(d *lint.PageDirective, p *match.Profile) string {
	if name := kb.LookupPageName(d.Agent); name != nil && name.Token != "" && name.Profile == kb.Profile(p.Name) {
		return name.Token
	}
	for _, n := range kb.PageNames() {
		if n.Profile == kb.Profile(p.Name) && n.Token != "" {
			return n.Token
		}
	}
	return "*"
}

// mainCrawler returns the robots.txt user-agent token of the main crawler
// of profile p, which the knowledge base names (Googlebot, bingbot,
// Yandex), or "*" for a profile without one (RFC 9309, the 1994
// standard): the crawler whose group decides what p's search engine
// fetches.
func mainCrawler(p *match.Profile) string {
	return crawlerToken(&lint.PageDirective{Directive: page.Directive{Agent: "robots"}}, p)
}

// joinOr writes items as alternatives in a sentence: "a", "a or b", "a, b
// or c".
func joinOr(items []string) string {
	if len(items) < 2 {
		return prose.Join(items)
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// asClause makes a note of the knowledge base, a sentence, fit after a
// colon in a message: its first letter in lower case (unless it starts a
// name, such as "Google" or "HTML"), its final period dropped.
func asClause(note string) string {
	note = strings.TrimSuffix(strings.TrimSpace(note), ".")
	if len(note) > 1 && note[0] >= 'A' && note[0] <= 'Z' && note[1] >= 'a' && note[1] <= 'z' && !startsWithName(note) {
		note = strings.ToLower(note[:1]) + note[1:]
	}
	return note
}

// startsWithName reports whether s starts with a search engine's name,
// which keeps its capital.
func startsWithName(s string) bool {
	for _, name := range []string{"Google", "Bing", "Yandex", "Microsoft"} {
		if strings.HasPrefix(s, name) {
			return true
		}
	}
	return false
}
