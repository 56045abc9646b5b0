package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

const lintUsage = `usage: robotslint [lint] [flags] [PATH | URL | -]...

Lints robots.txt files: reports the lines crawlers will ignore or misread,
and where Google, Bing, Yandex and RFC 9309 crawlers disagree.

PATH is a file, or a directory searched for files named robots.txt
(skipping .git, node_modules and vendor); with none, ./robots.txt. "-"
reads standard input. URL (http:// or https://, a site or its robots.txt)
fetches the site's /robots.txt as crawlers do and also reports what the
fetch means (status, redirects, Content-Type, size, speed).

With --pages, a directory is a built site (public/, dist/, _site/): its
HTML pages (.html, .htm) are linted too, for their robots META tags and
section markers, each with the URL path a static host serves it at
(blog/index.html is /blog/) and checked against the robots.txt at the
directory's root, which decides whether crawlers see the page at all.

Output:
  --format FORMAT      text (default), json, sarif or github (workflow
                       commands that annotate a pull request)
  --color WHEN         auto (default: on a terminal, unless NO_COLOR is
                       set), always or never
  --fail-level LEVEL   the exit status is 1 when a finding is at LEVEL or
                       above: error, warning (default), info, hint, or none
  --stdin-filename P   the name to show for standard input, and where to
                       look for its configuration; with no PATH, reads
                       standard input

A directory with a robots.txt at its root is a site too: its sitemaps
(the files its Sitemap: lines name on the site's own host, mapped under
the directory, and every sitemap*.xml, sitemap*.xml.gz under it) are
checked against that robots.txt, offline, through their indexes. A
sitemap file named on the command line (.xml, .xml.gz, sitemap*.txt) is
checked against the robots.txt beside it or in the nearest parent.

Pages:
  --pages              lint the HTML pages of directories as a site's
                       pages (default off; pages = true in
                       .robotslint.toml turns it on for a directory)

Sitemaps:
  --sitemaps           check the sitemaps of a site directory even when
                       none is built there (then each Sitemap: line is
                       reported as unreachable); by default a directory
                       is checked when it holds a sitemap
  --no-sitemaps        check no sitemaps
  --max-urls N         stop after N sitemap URLs, all sitemaps together
                       (default 10,000,000; also at most 50,000 sitemaps
                       and 10 GiB uncompressed)

Fixing:
  --fix                apply the safe fixes in place: they keep every
                       verdict of Google's crawler
  --unsafe-fixes       apply the unsafe fixes too (implies --fix unless
                       --diff is given); they may change what crawlers do
  --diff               print the fixes as a unified diff; write nothing

Configuration:
  --config FILE        use FILE instead of the nearest .robotslint.toml
                       above each file
  --no-config          use no configuration file
  --profile LIST       the crawlers the site cares about, comma-separated:
                       %s (default google,bing,yandex,rfc9309)
  --enable RULE,...    run these rules even if the configuration turns
                       them off
  --disable RULE,...   turn these rules off
  --timeout DUR        how long fetching a URL may take (default 10s, at
                       most 5m)

Examples:
  robotslint                          lint ./robots.txt
  robotslint public/                  every robots.txt under public/
  robotslint --pages public/          public/ as a site: robots.txt, sitemaps
                                      and pages
  robotslint public/sitemap.xml.gz    one sitemap, against public/robots.txt
  robotslint --fix robots.txt         fix what is safe to fix
  robotslint --diff --unsafe-fixes robots.txt
  robotslint --format sarif . > robotslint.sarif
  robotslint https://example.com      lint a live site's robots.txt
  cat robots.txt | robotslint --stdin-filename site/robots.txt -

Exit status: 0 nothing at or above the fail level, 1 something at or above
it, 2 an error of the command itself (usage, configuration, unreadable or
unwritable file).
`

// lintOptions are the flags of the lint command.
type lintOptions struct {
	config        string        // --config: the configuration file to use
	noConfig      bool          // --no-config: use none, not even a found one
	profiles      string        // --profile: the target profiles, comma-separated
	format        string        // --format
	color         string        // --color
	failLevel     string        // --fail-level
	stdinFilename string        // --stdin-filename
	fix           bool          // --fix
	unsafeFixes   bool          // --unsafe-fixes
	diff          bool          // --diff
	enable        string        // --enable
	disable       string        // --disable
	timeout       time.Duration // --timeout
	pages         bool          // --pages
	sitemaps      bool          // --sitemaps: check sitemaps even where none is built
	noSitemaps    bool          // --no-sitemaps: check none
	maxURLs       int64         // --max-urls: the sitemap walk's URL budget
}

// lintFlags declares the lint command's flags on a new set.
func lintFlags(opt *lintOptions) *flag.FlagSet {
	flags := flag.NewFlagSet("robotslint", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.StringVar(&opt.config, "config", "", "")
	flags.BoolVar(&opt.noConfig, "no-config", false, "")
	flags.StringVar(&opt.profiles, "profile", "", "")
	flags.StringVar(&opt.format, "format", "text", "")
	flags.StringVar(&opt.color, "color", "auto", "")
	flags.StringVar(&opt.failLevel, "fail-level", "warning", "")
	flags.StringVar(&opt.stdinFilename, "stdin-filename", "", "")
	flags.BoolVar(&opt.fix, "fix", false, "")
	flags.BoolVar(&opt.unsafeFixes, "unsafe-fixes", false, "")
	flags.BoolVar(&opt.diff, "diff", false, "")
	flags.StringVar(&opt.enable, "enable", "", "")
	flags.StringVar(&opt.disable, "disable", "", "")
	opt.timeout = defaultFetchTimeout
	flags.Var((*timeoutFlag)(&opt.timeout), "timeout", "")
	flags.BoolVar(&opt.pages, "pages", false, "")
	flags.BoolVar(&opt.sitemaps, "sitemaps", false, "")
	flags.BoolVar(&opt.noSitemaps, "no-sitemaps", false, "")
	flags.Int64Var(&opt.maxURLs, "max-urls", defaultMaxSitemapURLs, "")
	return flags
}

// lintRun is one run of the lint command: its settings, checked once, and
// what every input shares.
type lintRun struct {
	opt       lintOptions
	failLevel lint.Severity // Off for --fail-level none
	targets   []*match.Profile
	enable    []string
	disable   []string
	fixed     *lint.Config // from --config, or nil
	noConfig  bool
	stdin     io.Reader

	// now is the time pages are linted at, one for the whole run, so that
	// an unavailable_after date is judged the same on every page.
	now time.Time

	mu          sync.Mutex
	configs     map[string]configResult // by directory
	robotsFiles map[string]*syntax.File // the sites' robots.txt files, by path, for their pages
}

type configResult struct {
	cfg *lint.Config
	err error
}

// lintInput is one input's outcome: its report, what to print on standard
// output before the reports (a diff, fixed standard input), the error
// that stopped it, or the note that says why it was skipped.
type lintInput struct {
	report output.File
	output string
	err    error
	note   string
}

// runLint is the lint command.
func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var opt lintOptions
	flags := lintFlags(&opt)
	args, status, done := parseCommand("", flags, args, fmt.Sprintf(lintUsage, profileList()), stdout, stderr)
	if done {
		return status
	}
	r, err := newLintRun(opt, stdin)
	if err != nil {
		return badUsage(stderr, "", err.Error())
	}
	switch {
	case len(args) == 0 && opt.stdinFilename != "":
		// As ruff and eslint read it: naming standard input is reading it.
		args = []string{"-"}
	case len(args) == 0:
		args = []string{robotsFileName}
	case opt.stdinFilename != "" && !slices.Contains(args, "-"):
		return badUsage(stderr, "", "--stdin-filename names standard input, but no - reads it")
	}
	inputs, errs := expandInputs(args)
	pages, sites, pageErrs := r.sitePages(args)
	errs = append(dropSiteErrors(errs, sites), pageErrs...)
	// A page named on the command line is a page, not a robots.txt.
	inputs = slices.DeleteFunc(inputs, func(in string) bool {
		return slices.ContainsFunc(pages, func(p sitePage) bool { return p.urlPath == "" && inputKey(p.file) == inputKey(in) })
	})
	sitemapSites, namedSitemaps := r.localSites(args)
	// A sitemap named on the command line is a sitemap, not a robots.txt.
	inputs = slices.DeleteFunc(inputs, func(in string) bool { return namedSitemaps[inputKey(in)] })
	status = exitClean
	for _, err := range errs {
		fmt.Fprintf(stderr, "robotslint: %v\n", err)
		status = exitError
	}
	report, err := r.reportTo(inputs, stdout, stderr)
	if err != nil {
		return badUsage(stderr, "", err.Error())
	}

	results := r.lintAll(inputs)
	sitemapFiles, sitemapNotes, sitemapErrs := r.checkLocalSitemaps(sitemapSites, inputs, results)
	results = append(results, r.lintPages(pages)...)
	for _, err := range sitemapErrs {
		results = append(results, lintInput{err: err})
	}
	for _, note := range sitemapNotes {
		results = append(results, lintInput{note: note})
	}
	for _, f := range sitemapFiles {
		results = append(results, lintInput{report: f})
	}

	out := bufio.NewWriter(stdout)
	var files []output.File
	for _, res := range results {
		if res.err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "robotslint: %v\n", res.err)
			status = exitError
			continue
		}
		if res.note != "" {
			out.Flush()
			fmt.Fprintf(stderr, "robotslint: note: %s\n", res.note)
			continue
		}
		out.WriteString(res.output)
		files = append(files, res.report)
	}
	out.Flush()
	if len(files) == 0 && r.opt.format == "text" {
		return status // every input failed, and said so
	}
	w := bufio.NewWriter(report)
	err = r.write(w, report, files)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "robotslint: cannot write the report: %v\n", err)
		return exitError
	}
	if status == exitError {
		return status
	}
	return r.findingsStatus(files)
}

// reportTo returns where the report goes: standard output, or standard
// error when standard output carries a diff or fixed standard input, so
// that it can be piped on. --fix of a URL is an error: there is no file to
// write.
func (r *lintRun) reportTo(inputs []string, stdout, stderr io.Writer) (io.Writer, error) {
	if r.opt.diff {
		return stderr, nil
	}
	report := stdout
	if r.opt.fix {
		for _, in := range inputs {
			if isURL(in) {
				return nil, errors.New("--fix cannot write to " + in + ": fix a local copy, or use --diff")
			}
			if in == "-" {
				report = stderr
			}
		}
	}
	return report, nil
}

// findingsStatus is the exit status of a run whose inputs were all read:
// exitFindings when a diagnostic is at least as severe as --fail-level.
func (r *lintRun) findingsStatus(files []output.File) int {
	if r.failLevel == lint.Off {
		return exitClean
	}
	for _, f := range files {
		for _, d := range f.Diagnostics {
			if d.Severity <= r.failLevel {
				return exitFindings
			}
		}
	}
	return exitClean
}

// newLintRun checks the flags that do not depend on the inputs.
func newLintRun(opt lintOptions, stdin io.Reader) (*lintRun, error) {
	r := &lintRun{opt: opt, noConfig: opt.noConfig, stdin: stdin, configs: map[string]configResult{}, now: time.Now()}
	switch opt.format {
	case "text", "json", "sarif", "github":
	default:
		return nil, fmt.Errorf("unknown format %q: use text, json, sarif or github", opt.format)
	}
	if err := checkColor(opt.color); err != nil {
		return nil, err
	}
	if opt.failLevel == "none" {
		r.failLevel = lint.Off
	} else if level, err := lint.ParseSeverity(opt.failLevel); err != nil || level == lint.Off {
		return nil, fmt.Errorf("--fail-level takes error, warning, info, hint or none, not %q", opt.failLevel)
	} else {
		r.failLevel = level
	}
	if opt.unsafeFixes && !opt.diff {
		r.opt.fix = true
	}
	if opt.config != "" && opt.noConfig {
		return nil, errors.New("--config and --no-config exclude each other")
	}
	if opt.sitemaps && opt.noSitemaps {
		return nil, errors.New("--sitemaps and --no-sitemaps exclude each other")
	}
	if opt.maxURLs < 1 {
		return nil, fmt.Errorf("--max-urls takes a number of URLs of at least 1, not %d", opt.maxURLs)
	}
	if opt.profiles != "" {
		targets, err := parseProfiles(opt.profiles)
		if err != nil {
			return nil, err
		}
		r.targets = targets
	}
	var err error
	if r.enable, err = ruleList("--enable", opt.enable); err != nil {
		return nil, err
	}
	if r.disable, err = ruleList("--disable", opt.disable); err != nil {
		return nil, err
	}
	if opt.config != "" {
		cfg, err := loadConfig(opt.config)
		if err != nil {
			return nil, err
		}
		r.fixed = cfg
	}
	return r, nil
}

// ruleList reads a comma-separated list of rule names.
func ruleList(flagName, list string) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	var names []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if rules.Lookup(name) == nil {
			msg := fmt.Sprintf("%s: no rule is named %q", flagName, name)
			if guess := nearestRule(name); guess != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", guess)
			}
			return nil, errors.New(msg)
		}
		names = append(names, name)
	}
	return names, nil
}

// lintAll lints the inputs, as many at a time as there are cores, and
// returns their outcomes in the order given.
func (r *lintRun) lintAll(inputs []string) []lintInput { return inParallel(inputs, r.lintOne) }

// inParallel returns f of each item, computed on as many cores as there
// are, in the order of the items: the output does not depend on which
// file's work finishes first.
func inParallel[T, R any](items []T, f func(T) R) []R {
	results := make([]R, len(items))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(items)) {
		wg.Go(func() {
			for i := range work {
				results[i] = f(items[i])
			}
		})
	}
	for i := range items {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

// lintOne lints one input: reads it, lints it, and fixes it as asked.
func (r *lintRun) lintOne(input string) (res lintInput) {
	defer func() {
		// A bug in one input's handling must not take the others down.
		if v := recover(); v != nil {
			res = lintInput{err: fmt.Errorf("internal error on %s: %v (please report it)", input, v)}
		}
	}()
	name := input
	if input == "-" {
		name = "<stdin>"
		if r.opt.stdinFilename != "" {
			name = r.opt.stdinFilename
		}
	}
	configPath := name
	if input == "-" && r.opt.stdinFilename == "" || isURL(input) {
		configPath = "-"
	}
	cfg, err := r.config(configPath)
	if err != nil {
		return lintInput{err: err}
	}
	if configPath != "-" {
		cfg = withFileName(cfg, filepath.Base(name))
	}

	var src []byte
	var fetched []lint.Diagnostic
	switch {
	case isURL(input):
		ctx, cancel := context.WithTimeout(context.Background(), r.opt.timeout+time.Second)
		defer cancel()
		site, err := lintSite(ctx, input, fetchOptions{Timeout: r.opt.timeout}, cfg)
		if err != nil {
			return lintInput{err: err}
		}
		name, src, fetched = site.Name, site.Src, site.Diagnostics
		// The file is the site's: its sitemaps are judged against it,
		// whatever site a configuration names.
		c := lint.Config{}
		if cfg != nil {
			c = *cfg
		}
		c.Site = site.Site
		cfg = &c
	case input == "-":
		r.mu.Lock()
		src, err = readInput("-", r.stdin)
		r.mu.Unlock()
	default:
		if src, err = readInput(input, nil); err != nil {
			err = siteHint(input, err)
		}
	}
	if err != nil {
		return lintInput{err: err}
	}

	res.report.Path = name
	all := rules.All()
	if r.opt.fix || r.opt.diff {
		fixedSrc, applied := lint.FixAll(src, all, cfg, r.opt.unsafeFixes)
		if !bytes.Equal(fixedSrc, src) {
			switch {
			case r.opt.diff:
				res.output = unifiedDiff(name, src, fixedSrc)
			case input == "-":
				res.output = string(fixedSrc)
			default:
				if err := writeFileAtomic(input, fixedSrc); err != nil {
					return lintInput{err: err}
				}
			}
			if !r.opt.diff {
				src = fixedSrc
				res.report.Fixed = len(applied)
			}
		}
	}
	f := syntax.Parse(src)
	res.report.File = f
	res.report.Diagnostics = append(fetched, lint.LintFile(f, all, cfg)...)
	return res
}

// config returns the configuration for the file at path: --config's, or
// the nearest .robotslint.toml above it, with the command line's
// --profile, --enable and --disable applied.
func (r *lintRun) config(path string) (*lint.Config, error) {
	cfg := r.fixed
	if cfg == nil && !r.noConfig {
		dir := "."
		if path != "-" {
			dir = filepath.Dir(path)
		}
		r.mu.Lock()
		found, ok := r.configs[dir]
		if !ok {
			found.cfg, found.err = findConfig(path)
			r.configs[dir] = found
		}
		r.mu.Unlock()
		if found.err != nil {
			return nil, found.err
		}
		cfg = found.cfg
	}
	if r.targets == nil && r.enable == nil && r.disable == nil {
		return cfg, nil
	}
	var c lint.Config
	if cfg != nil {
		c = *cfg
	}
	if r.targets != nil {
		c.Targets = r.targets
	}
	if r.enable != nil || r.disable != nil {
		// A copy: the configuration is shared by every file under its
		// directory, and by the workers linting them.
		c.Rules = make(map[string]lint.RuleConfig, len(c.Rules)+len(r.disable))
		if cfg != nil {
			for name, rc := range cfg.Rules {
				c.Rules[name] = rc
			}
		}
		for _, name := range r.enable {
			if rc := c.Rules[name]; rc.Severity == lint.Off {
				rc.Severity = 0
				c.Rules[name] = rc
			}
		}
		for _, name := range r.disable {
			rc := c.Rules[name]
			rc.Severity = lint.Off
			c.Rules[name] = rc
		}
	}
	return &c, nil
}

// write prints the report in the chosen format; dest is where out goes,
// to tell whether it is a terminal.
func (r *lintRun) write(out *bufio.Writer, dest io.Writer, files []output.File) error {
	switch r.opt.format {
	case "json":
		return output.WriteJSON(out, files)
	case "sarif":
		return output.WriteSARIF(out, files, rules.All(), versionString())
	case "github":
		return output.WriteGitHub(out, files)
	}
	return output.WriteText(out, files, output.TextOptions{Color: useColor(r.opt.color, dest), FixHint: !r.opt.fix && !r.opt.diff})
}

// profileList names the profiles for a usage text.
func profileList() string {
	var names []string
	for _, p := range match.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// parseProfiles reads --profile: profile names separated by commas.
func parseProfiles(list string) ([]*match.Profile, error) {
	var targets []*match.Profile
	for _, name := range strings.Split(list, ",") {
		p := match.LookupProfile(strings.TrimSpace(name))
		if p == nil {
			return nil, fmt.Errorf("unknown profile %q in --profile", name)
		}
		targets = append(targets, p)
	}
	return targets, nil
}

// loadConfig reads and checks a configuration file.
func loadConfig(path string) (*lint.Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, pathErrText(err))
	}
	return parseConfig(path, data)
}

// findConfig returns the configuration for the file at path: the nearest
// .robotslint.toml in its directory or a parent, or nil when there is none.
// Standard input is looked up from the working directory.
func findConfig(path string) (*lint.Config, error) {
	dir := "."
	if path != "-" {
		dir = filepath.Dir(path)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil
	}
	found, data, err := lint.FindConfig(dir, os.ReadFile)
	if found == "" && err == nil {
		return nil, nil
	}
	// Name it as the user would, relative to where they are.
	if wd, werr := os.Getwd(); werr == nil {
		if rel, rerr := filepath.Rel(wd, found); rerr == nil && !strings.HasPrefix(rel, "..") {
			found = rel
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", found, pathErrText(err))
	}
	return parseConfig(found, data)
}

// parseConfig reads the configuration file at path, whose contents are
// data; a mistake in it is named by the file's path and line, as
// compilers name a line of code.
func parseConfig(path string, data []byte) (*lint.Config, error) {
	cfg, err := lint.ParseConfig(data, rules.All())
	var mistake *lint.ConfigError
	switch {
	case errors.As(err, &mistake) && mistake.Line > 0:
		return nil, fmt.Errorf("%s:%d: %v", path, mistake.Line, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return cfg, nil
}

// withFileName returns cfg for the file named name: file-name judges the
// name, which the rules cannot see otherwise. cfg itself serves other
// files too, so it is copied.
func withFileName(cfg *lint.Config, name string) *lint.Config {
	var c lint.Config
	if cfg != nil {
		c = *cfg
	}
	c.FileName = name
	return &c
}
