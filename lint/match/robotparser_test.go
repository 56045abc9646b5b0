package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// The legacy profile is checked here against Python's urllib.robotparser,
// the most used first-match reader, as the python3 on the machine has it
// (3.11 and earlier take the first match; the module changes in later
// versions, and the test then reports what it finds). Where the 1994
// standard and the 1997 draft say otherwise than robotparser, the legacy
// profile follows them: testdata/robotparser.py names each such departure
// and answers with it switched on. The test fails when the legacy profile
// disagrees with robotparser with every departure switched on, and logs
// how often it agrees with robotparser as it is, and why not.

// robotparserDepartures are testdata/robotparser.py's DEPARTURES, in its
// order, each with what it is.
var robotparserDepartures = []string{
	"agent: the record whose value contains the crawler's name (KD96), not the value the name contains",
	"empty: an empty Disallow or Allow is no rule (REP94), not an Allow of everything",
	"blank: a line of spaces or tabs ends a record (KD96's grammar)",
	"extension: any field but Sitemap is a rule line of its record (KD96's grammar)",
	"slash: %2F stays apart from / (KD96 §3.2.2)",
	"literal: rules and URLs are compared as written (KD96 §3.2.2), not sent through urlparse, which drops an empty query (\"/search?\" becomes \"/search\")",
	"bom: a byte order mark is no part of the first line",
	"robots: /robots.txt is always allowed (KD96 §3.2.2)",
}

// robotparserFileSkip returns why robotparser cannot read body as the
// legacy profile does, or "": it decodes the file as UTF-8 (a file that is
// not fails to load), and Python's str.splitlines and str.strip take more
// characters for line breaks and spaces than CR and LF, spaces and tabs.
func robotparserFileSkip(body string) string {
	switch {
	case !utf8.ValidString(body):
		return "not UTF-8 (robotparser's read fails)"
	case strings.ContainsAny(body, "\v\f\x1c\x1d\x1e\u0085\u2028\u2029"):
		return "a character Python's splitlines breaks lines at"
	case hasUnicodeSpace(body) || strings.ContainsRune(body, 0):
		return "Unicode whitespace or NUL (Python's strip or the syntax tree differ)"
	}
	return ""
}

type robotparserFile struct {
	Body    string      `json:"body"`
	Queries [][2]string `json:"queries"`
}

func TestDifferentialRobotparser(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	rng := rand.New(rand.NewPCG(0x6c6567, 0x616379))
	perFile, generated := 16, 400
	if testing.Short() {
		perFile, generated = 8, 150
	}
	skipped := map[string]int{}
	var files []robotparserFile
	add := func(body string, agents, urls []string) {
		if why := robotparserFileSkip(body); why != "" {
			skipped[why]++
			return
		}
		var qs [][2]string
		for _, a := range agents {
			for _, u := range urls {
				qs = append(qs, [2]string{a, u})
			}
		}
		rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
		files = append(files, robotparserFile{body, qs[:min(len(qs), perFile)]})
	}
	corpus := 0
	for _, path := range linttest.CorpusFilesIfPresent() {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > 100<<10 {
			continue // the large files cost the most and add no kind of line
		}
		f := syntax.Parse(src)
		add(string(src), robotparserAgents(f), corpusURLs(f))
		corpus = len(files)
	}
	for range generated {
		body, agents, urls := genLegacyFile(rng)
		add(body, agents, urls)
	}

	in, err := json.Marshal(files)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "testdata/robotparser.py")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("testdata/robotparser.py: %v\n%s", err, stderr.Bytes())
	}
	var answers [][][]bool
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(files) {
		t.Fatalf("testdata/robotparser.py answered %d files of %d (%v)", len(answers), len(files), err)
	}

	queries, agree, bad := 0, 0, 0
	corpusQueries, corpusAgree := 0, 0
	because := make([]int, len(robotparserDepartures))
	several := 0
	for i, fl := range files {
		r := Compile(syntax.Parse([]byte(fl.Body)), Legacy)
		for k, q := range fl.Queries {
			row := answers[i][k]
			ours := r.Check(q[0], q[1]).Allowed
			queries++
			if i < corpus {
				corpusQueries++
				if row[0] == ours {
					corpusAgree++
				}
			}
			switch {
			case row[1] != ours:
				if bad++; bad <= 10 {
					t.Errorf("agent %q url %q: legacy allowed=%v, robotparser with the standards' departures %v (as it is %v)\nrobots.txt %q",
						q[0], q[1], ours, row[1], row[0], fl.Body[:min(len(fl.Body), 400)])
				}
			case row[0] == ours:
				agree++
			default:
				d := 0
				for d < len(robotparserDepartures) && row[2+d] != ours {
					d++
				}
				if d < len(robotparserDepartures) {
					because[d]++
				} else {
					several++
				}
			}
		}
	}
	var log strings.Builder
	fmt.Fprintf(&log, "%d files, %d queries: the legacy profile agrees with robotparser on %d (%.1f%%); on the %d corpus files' %d queries, on %.1f%%",
		len(files), queries, agree, 100*float64(agree)/float64(max(queries, 1)),
		corpus, corpusQueries, 100*float64(corpusAgree)/float64(max(corpusQueries, 1)))
	for d, n := range because {
		if n > 0 {
			fmt.Fprintf(&log, "\n  %6d differ by %s", n, robotparserDepartures[d])
		}
	}
	if several > 0 {
		fmt.Fprintf(&log, "\n  %6d differ by more than one of them", several)
	}
	for why, n := range skipped {
		fmt.Fprintf(&log, "\n  %6d files not compared: %s", n, why)
	}
	t.Log(log.String())
	if bad > 0 {
		t.Errorf("%d queries differ for no known reason", bad)
	}
}

// robotparserAgents returns the crawlers to ask a corpus file about: some
// common ones, and the first few the file names (without a '/', which
// robotparser cuts the crawler's name at).
func robotparserAgents(f *syntax.File) []string {
	agents := []string{"Googlebot", "Googlebot-Image", "Bingbot", "GPTBot", "CCBot", "Baiduspider", "FooBot"}
	named := 0
	for i := range f.Lines {
		if d, v := StandardLine(f, i); d == syntax.DirectiveUserAgent && named < 4 {
			if s := string(v); s != "" && s != "*" && !strings.ContainsAny(s, "/ ") {
				agents = append(agents, s)
				named++
			}
		}
	}
	return agents
}

// genLegacyFile returns a file of records in the shapes that the
// first-match readers may disagree on (user-agent lines without rules,
// extension and Sitemap lines among them, empty Disallow lines, blank and
// comment lines, records for * and for crawlers whose names contain one
// another), with crawlers and URLs to ask it about.
func genLegacyFile(rng *rand.Rand) (body string, agents, urls []string) {
	values := []string{"*", "*", "Googlebot", "Googlebot-Image", "googlebot-news", "FooBot", "foo", "BarBot", "GPTBot", "CCBot"}
	paths := []string{"/", "/a", "/a/", "/b", "/private/", "/a/b.html", "/x?y=1", "/%7Ejoe/", "/~joe/x", "/a%2Fb", "/a/b"}
	others := []string{"Crawl-delay: 10", "Request-rate: 1/5", "Host: example.com", "Sitemap: https://example.com/s.xml", "# note", "Visit-time: 0600-0800"}
	var b strings.Builder
	for range 1 + rng.IntN(5) {
		for range 1 + rng.IntN(3) {
			fmt.Fprintf(&b, "User-agent: %s\n", genPick(rng, values))
			if genChance(rng, 0.1) {
				b.WriteString(genPick(rng, others) + "\n")
			}
		}
		switch n := rng.IntN(10); {
		case n < 2: // no rules
		case n < 3:
			b.WriteString(genPick(rng, others) + "\n")
		default:
			for range rng.IntN(4) + 1 {
				switch m := rng.IntN(10); {
				case m < 2:
					b.WriteString("Disallow:\n")
				case m < 4:
					fmt.Fprintf(&b, "Allow: %s\n", genPick(rng, paths))
				case m < 5:
					b.WriteString(genPick(rng, others) + "\n")
				default:
					fmt.Fprintf(&b, "Disallow: %s\n", genPick(rng, paths))
				}
			}
		}
		switch n := rng.IntN(10); {
		case n < 7:
			b.WriteString("\n")
		case n < 8:
			b.WriteString("  \n")
		}
	}
	agents = []string{"Googlebot", "Googlebot-Image", "Googlebot-News", "FooBot", "foo", "BarBot", "GPTBot", "OtherBot"}
	urls = append([]string{"/robots.txt", "/a/b/c", "/private/x", "/b2"}, paths...)
	return b.String(), agents, urls
}
