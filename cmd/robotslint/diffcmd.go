package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

const diffUsage = `usage: robotslint diff [flags] OLD NEW

Says what a robots.txt change does to crawlers: which URLs each crawler
may no longer fetch, or newly may, and which line decides, before and
after. The URLs compared are those of --urls and probes derived from both
files (each rule's path, its neighbours, wildcard and $ edges), so a
change shows even without a URL list. The crawlers are every one either
file names, "*" for any other, the --agent names and the main crawler of
each profile; a crawler whose group changes (a merged or split group) is
named even when no URL changes verdict.

OLD and NEW are each:
  a path             robots.txt, public/robots.txt, C:\site\robots.txt
  -                  standard input (for one side only)
  an http(s) URL     the site's /robots.txt, fetched as crawlers fetch it:
                     a 4xx is no robots.txt (everything allowed), a 5xx
                     or no answer keeps crawlers off the whole site
  REV:path           the file in a git revision, read with "git show" in
                     the current repository: HEAD~1:robots.txt,
                     origin/main:public/robots.txt (the path is from the
                     top of the repository, or ./path from here)

Flags:
  --urls FILE       compare these URLs too: one a line, paths or absolute
                    URLs (blank lines and # comments skipped), or a
                    sitemap (XML or gzip); an http(s) URL is fetched as a
                    sitemap, and an index is followed
  --agent NAME      a further crawler to ask about; repeatable
  --profile LIST    the readings to compare under, separated by commas:
                    %s, or all
                    (default: google, bing, yandex and rfc9309, as lint)
  --format FORMAT   text (default), json, markdown (for a pull-request
                    comment or $GITHUB_STEP_SUMMARY) or github (workflow
                    annotations on NEW's lines)
  --fail-on WHAT    any (default): exit 1 when any verdict or group
                    changes; newly-disallowed: only when a URL a targeted
                    crawler could fetch no longer can; none: exit 0
  --timeout DUR     how long fetching a URL side or sitemap may take
                    (default 10s, at most 5m)

Examples:
  robotslint diff old/robots.txt robots.txt
  robotslint diff HEAD~1:robots.txt robots.txt
  robotslint diff https://example.com robots.txt --urls urls.txt
  robotslint diff origin/main:robots.txt robots.txt --format markdown
  git show main:robots.txt | robotslint diff - robots.txt

Exit status: 0 no verdict changes, 1 some (with --fail-on
newly-disallowed: some URL newly disallowed), 2 an error.
`

// diffOptions are the flags and arguments of "robotslint diff".
type diffOptions struct {
	old, new string
	urlsFile string
	agents   []string
	targets  []*match.Profile
	format   string // text, json, markdown or github
	failOn   string // any, newly-disallowed or none
	timeout  time.Duration
}

// runDiff is "robotslint diff": it reads both sides and the URL list,
// compares the verdicts through lint.CompareFiles and writes the report.
func runDiff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opt, status, done := parseDiffArgs(args, stdout, stderr)
	if done {
		return status
	}
	var urls []string
	if opt.urlsFile != "" {
		var notes []string
		var err error
		if isURL(opt.urlsFile) {
			urls, notes, err = fetchURLList(opt.urlsFile, opt.timeout)
		} else {
			var note string
			urls, note, err = readURLList(opt.urlsFile, stdin)
			if note != "" {
				notes = []string{note}
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "robotslint diff: %v\n", err)
			return exitError
		}
		for _, note := range notes {
			fmt.Fprintf(stderr, "robotslint diff: note: %s\n", note)
		}
	}
	old, err := readSide(opt.old, stdin, opt.timeout, opt.targets)
	if err != nil {
		fmt.Fprintf(stderr, "robotslint diff: %v\n", err)
		return exitError
	}
	new, err := readSide(opt.new, stdin, opt.timeout, opt.targets)
	if err != nil {
		fmt.Fprintf(stderr, "robotslint diff: %v\n", err)
		return exitError
	}
	before, after := syntax.Parse(old.Src), syntax.Parse(new.Src)
	cmp := lint.CompareFiles(before, after, lint.CompareOptions{URLs: urls, Agents: opt.agents, Targets: opt.targets})
	rep := &diffReport{old: old, new: new, before: before, after: after, cmp: cmp, targets: opt.targets}

	out := bufio.NewWriter(stdout)
	switch opt.format {
	case "json":
		rep.writeJSON(out)
	case "markdown":
		rep.writeMarkdown(out)
	case "github":
		rep.writeGitHub(out)
	default:
		rep.writeText(out)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "robotslint diff: cannot write the report: %v\n", err)
		return exitError
	}
	return diffStatus(cmp, opt.failOn)
}

// diffStatus is the exit status --fail-on asks for.
func diffStatus(cmp *lint.Comparison, failOn string) int {
	switch failOn {
	case "none":
		return exitClean
	case "newly-disallowed":
		for _, c := range cmp.Changes {
			if !c.Allowed {
				return exitFindings
			}
		}
		return exitClean
	}
	if cmp.Changed() {
		return exitFindings
	}
	return exitClean
}

// parseDiffArgs reads the command line of "robotslint diff". When done is
// true the command ends with status: help was asked for, or the command
// line is wrong.
func parseDiffArgs(args []string, stdout, stderr io.Writer) (opt diffOptions, status int, done bool) {
	usage := fmt.Sprintf(diffUsage, profileList())
	flags := flag.NewFlagSet("robotslint diff", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	var agents multiFlag
	flags.Var(&agents, "agent", "")
	profileName := flags.String("profile", "", "")
	flags.StringVar(&opt.urlsFile, "urls", "", "")
	flags.StringVar(&opt.format, "format", "text", "")
	flags.StringVar(&opt.failOn, "fail-on", "any", "")
	opt.timeout = defaultFetchTimeout
	flags.Var((*timeoutFlag)(&opt.timeout), "timeout", "")
	args, status, done = parseCommand("diff", flags, args, usage, stdout, stderr)
	if done {
		return opt, status, true
	}
	opt.agents = agents
	for _, a := range agents {
		if strings.TrimSpace(a) == "" {
			return opt, badUsage(stderr, "diff", "--agent is empty: give a crawler's robots.txt name, such as Googlebot"), true
		}
	}
	opt.targets = lint.DefaultTargets()
	switch *profileName {
	case "":
	case "all":
		opt.targets = match.Profiles()
	default:
		var err error
		if opt.targets, err = parseProfiles(*profileName); err != nil {
			return opt, badUsage(stderr, "diff", fmt.Sprintf("%v: the profiles are %s, or all", err, profileList())), true
		}
	}
	switch opt.format {
	case "text", "json", "markdown", "github":
	default:
		return opt, badUsage(stderr, "diff", fmt.Sprintf("unknown format %q: use text, json, markdown or github", opt.format)), true
	}
	switch opt.failOn {
	case "any", "newly-disallowed", "none":
	default:
		return opt, badUsage(stderr, "diff", fmt.Sprintf("unknown --fail-on %q: use any, newly-disallowed or none", opt.failOn)), true
	}
	if len(args) != 2 {
		return opt, badUsage(stderr, "diff", fmt.Sprintf("diff takes two robots.txt files, OLD and NEW, and got %d", len(args))), true
	}
	opt.old, opt.new = args[0], args[1]
	for _, a := range args {
		if a == "" {
			return opt, badUsage(stderr, "diff", "a side is empty: give a path, - for standard input, a URL or REV:path"), true
		}
	}
	// Standard input read twice is empty the second time: the second
	// side would read as a file with no rules, and every crawler as newly
	// allowed everywhere.
	stdinReaders := 0
	for _, in := range []string{opt.old, opt.new, opt.urlsFile} {
		if in == "-" {
			stdinReaders++
		}
	}
	if stdinReaders > 1 {
		return opt, badUsage(stderr, "diff", "standard input can be read once: give - to only one of OLD, NEW and --urls"), true
	}
	return opt, exitClean, false
}
