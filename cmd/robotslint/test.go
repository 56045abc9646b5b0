package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

const testUsage = `usage: robotslint test [flags] ROBOTS [URL...]

Says whether crawlers may fetch URLs under a robots.txt file, and which
line decides. ROBOTS is a path, or "-" for standard input. URLs are paths
("/a?b=c") or absolute URLs; an empty URL means "/".

Flags:
  --agent NAME     the crawler's robots.txt name; repeatable. Without it,
                   every name the file uses, and "*" for any other crawler
  --profile NAME   how to read the file: %s (default google)
  --urls FILE      read further URLs from FILE, one a line
  --format FORMAT  text (default) or json

Exit status: 0 every URL allowed, 1 some URL disallowed, 2 an error.
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
}

// runTest is "robotslint test".
func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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
	urlsFile := flags.String("urls", "", "")
	format := flags.String("format", "text", "")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitClean
		}
		return usageError(stderr, "%v", err)
	}
	profile := match.LookupProfile(*profileName)
	if profile == nil {
		return usageError(stderr, "unknown profile %q: the profiles are %s", *profileName, strings.Join(names, ", "))
	}
	if *format != "text" && *format != "json" {
		return usageError(stderr, "unknown format %q: use text or json", *format)
	}
	if flags.NArg() == 0 {
		return usageError(stderr, "no robots.txt file given")
	}
	path, urls := flags.Arg(0), flags.Args()[1:]
	if *urlsFile != "" {
		data, err := readInput(*urlsFile, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "robotslint: %v\n", err)
			return exitError
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				urls = append(urls, line)
			}
		}
	}
	if len(urls) == 0 {
		return usageError(stderr, "no URL to test: give URLs after the file, or --urls")
	}
	src, err := readInput(path, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robotslint: %v\n", err)
		return exitError
	}

	robots := match.Compile(syntax.Parse(src), profile)
	if len(agents) == 0 {
		agents = namedAgents(robots)
	}
	var results []testResult
	status := exitClean
	for _, agent := range agents {
		for _, url := range urls {
			v := robots.Check(agent, url)
			res := testResult{Agent: agent, URL: url, Profile: profile.Name, Allowed: v.Allowed, Group: []string{}}
			if v.Line >= 0 {
				line, rule := v.Line+1, robots.RuleText(v)
				res.Line, res.Rule = &line, &rule
			}
			for _, g := range v.Groups {
				for _, a := range robots.Groups[g].Agents {
					if !slices.Contains(res.Group, a) {
						res.Group = append(res.Group, a)
					}
				}
			}
			if !v.Allowed {
				status = exitFindings
			}
			results = append(results, res)
		}
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if *format == "json" {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Results []testResult `json:"results"`
		}{results})
		return status
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, res := range results {
		verdict := "allowed"
		if !res.Allowed {
			verdict = "disallowed"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", verdict, res.Agent, res.URL, reason(res))
	}
	tw.Flush()
	return status
}

// namedAgents returns every crawler name the file's groups use, in file
// order, then "*" for any other crawler.
func namedAgents(r *match.Robots) []string {
	var agents []string
	for _, g := range r.Groups {
		for _, a := range g.Agents {
			if a != "*" && !slices.Contains(agents, a) {
				agents = append(agents, a)
			}
		}
	}
	return append(agents, "*")
}

// reason says in words why a verdict is what it is.
func reason(res testResult) string {
	switch {
	case res.Line != nil:
		return fmt.Sprintf("line %d: %s", *res.Line, *res.Rule)
	case len(res.Group) == 0:
		return "no group applies"
	default:
		return fmt.Sprintf("no rule matches in the group of %s", strings.Join(res.Group, ", "))
	}
}

// usageError prints a one-line usage error and returns exitError.
func usageError(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "robotslint test: "+format+" (see robotslint test -h)\n", args...)
	return exitError
}
