package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// exampleFixture is the directory every example runs in: a robots.txt
// with findings (an error, so that lint exits 1 as the quick start says)
// that fmt would change, directories of them, an expectation file and a
// file to format.
var exampleFixture = map[string]string{
	"robots.txt":             "user-agent: *\nDisallow: /admin/\nDisallow: /private/\nDisallow: /search\ndisalow: /tmp/\nDisallow: /admin/\n",
	"public/robots.txt":      "User-agent: *\n  Disallow:/tmp\nDisalow: /old/\nSitemap: https://example.com/sitemap.xml.gz\n",
	"public/blog/robots.txt": "user-agent: *\nDisalow: /drafts/\n",
	"robots.expect":          "disallow Googlebot /admin/\nallow Googlebot /\n",
	"in.txt":                 "user-agent: *\ndisallow:/x\n",
	"public/tmp/index.html":  "<html><head><meta name=\"robots\" content=\"noindex\"></head></html>\n",
	// A gzip sitemap that lists /tmp/a, which public/robots.txt disallows.
	"public/sitemap.xml.gz": "\x1f\x8b\b\x00\x00\x00\x00\x00\x02\xff\x84\xceA\x0e\x820\x10\x85\xe1=\xa7 \xddۇ;%\xa5\xec<\x81\x1e\xa0\xa9\x13 \xe9\xb4\rS\x85\xe3\x9b\x067\xae\xdc\xce|\x7f\xf2̸shߴʒ\xe2\xa0κS-E\x9f\x9eK\x9c\x06\xf5\xb8\xdfN\x175\xdaƼ\xd6 TڝC\x94Aͥ\xe4\x1eضM\xcbR\x88]\x16\x9d\xd6\t\xe2gb'\xf8\x1e\xd1\xe9\xab:bkB\xf2\xb6v\xd2\x03\xb4;\u0381\xb4O\f\x83\xfa1\xa8\xe8\x0f-\x9c\xe1~=\x8ea\xb6\xf9\x04\x00\x00\xff\xff\xdc{\x87\t\xc9\x00\x00\x00",
}

// exampleRun is what running an example gave.
type exampleRun struct {
	dir            string
	status         int
	stdout, stderr string
}

func (r exampleRun) file(t *testing.T, name string) string {
	data, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// exampleExpectations says, for every example the help and the command
// reference give, what their text promises: the exit status and the shape
// of the output. An example with no entry here fails the test, so a new
// example must say what it shows.
var exampleExpectations = map[string]struct {
	status int
	check  func(t *testing.T, r exampleRun)
}{
	"robotslint": {exitFindings, lintReport("robots.txt")},
	"robotslint public/": {exitFindings, func(t *testing.T, r exampleRun) {
		lintReport("public/blog/robots.txt")(t, r)
		lintReport("public/robots.txt")(t, r)
	}},
	"robotslint --pages public/": {exitFindings, func(t *testing.T, r exampleRun) {
		lintReport("public/robots.txt")(t, r)
		lintReport("public/tmp/index.html")(t, r)
		if !strings.Contains(r.stdout, "[hidden-by-robots-txt]") {
			t.Errorf("the noindex that Disallow:/tmp hides is not reported:\n%s", r.stdout)
		}
	}},
	"robotslint public/sitemap.xml.gz": {exitFindings, func(t *testing.T, r exampleRun) {
		if !strings.Contains(r.stdout, "public/sitemap.xml.gz:4:") || strings.Contains(r.stdout, "\npublic/robots.txt:") || strings.HasPrefix(r.stdout, "public/robots.txt:") {
			t.Errorf("the sitemap's blocked URL is not reported, or the robots.txt is linted:\n%s", r.stdout)
		}
	}},
	"robotslint --fix robots.txt": {exitClean, func(t *testing.T, r exampleRun) {
		if r.file(t, "robots.txt") == exampleFixture["robots.txt"] {
			t.Error("robots.txt was not fixed")
		}
	}},
	// What --fix cannot fix remains: the sitemap lists a URL robots.txt
	// disallows, which only a person can decide about.
	"robotslint --fix public/": {exitFindings, func(t *testing.T, r exampleRun) {
		if r.file(t, "public/blog/robots.txt") == exampleFixture["public/blog/robots.txt"] {
			t.Error("public/blog/robots.txt was not fixed")
		}
		if !strings.Contains(r.stdout, "[sitemap-blocked-url]") {
			t.Errorf("the sitemap's blocked URL is not reported:\n%s", r.stdout)
		}
	}},
	"robotslint --diff --unsafe-fixes robots.txt": {exitFindings, func(t *testing.T, r exampleRun) {
		unifiedDiffOf(t, r.stdout, "robots.txt")
		if r.file(t, "robots.txt") != exampleFixture["robots.txt"] {
			t.Error("--diff wrote robots.txt")
		}
	}},
	"robotslint --format sarif . > robotslint.sarif": {exitFindings, func(t *testing.T, r exampleRun) {
		var sarif struct {
			Version string `json:"version"`
			Runs    []any  `json:"runs"`
		}
		if err := json.Unmarshal([]byte(r.file(t, "robotslint.sarif")), &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 {
			t.Errorf("robotslint.sarif is not a SARIF 2.1.0 log of one run: %v", err)
		}
	}},
	"robotslint https://example.com": {exitFindings, lintReport("/robots.txt")},
	"robotslint --sitemaps https://example.com": {exitFindings, func(t *testing.T, r exampleRun) {
		lintReport("/sitemap.xml")(t, r)
		wantContains(t, r.stdout, "by robots.txt line 3 `Disallow: /private/`", "[sitemap-blocked-url]")
		wantContains(t, r.stderr, "/robots.txt: 1 sitemap checked (2 URLs, ")
	}},
	"cat robots.txt | robotslint --stdin-filename site/robots.txt -": {exitFindings, lintReport("site/robots.txt")},

	"robotslint fmt": {exitClean, func(t *testing.T, r exampleRun) {
		wantLines(t, r.stdout, "formatted robots.txt")
	}},
	"robotslint fmt public/": {exitClean, func(t *testing.T, r exampleRun) {
		wantLines(t, r.stdout, "formatted public/blog/robots.txt", "formatted public/robots.txt")
	}},
	"robotslint fmt --check .": {exitFindings, func(t *testing.T, r exampleRun) {
		wantLines(t, r.stdout, "would reformat public/blog/robots.txt", "would reformat public/robots.txt", "would reformat robots.txt")
	}},
	"robotslint fmt --diff robots.txt": {exitFindings, func(t *testing.T, r exampleRun) {
		unifiedDiffOf(t, r.stdout, "robots.txt")
	}},
	"robotslint fmt - < in.txt > out.txt": {exitClean, func(t *testing.T, r exampleRun) {
		if got := r.file(t, "out.txt"); got != "User-agent: *\nDisallow: /x\n" {
			t.Errorf("out.txt = %q", got)
		}
	}},

	"robotslint test robots.txt /admin/ --agent Googlebot": {exitFindings, func(t *testing.T, r exampleRun) {
		wantLines(t, r.stdout, "disallowed  Googlebot  /admin/  line 2: Disallow: /admin/")
	}},
	"robotslint test robots.txt /admin/ /products/": {exitFindings, func(t *testing.T, r exampleRun) {
		verdicts(t, r.stdout, "disallowed * /admin/", "allowed * /products/")
	}},
	"robotslint test --urls public/sitemap.xml.gz public/robots.txt": {exitFindings, func(t *testing.T, r exampleRun) {
		verdicts(t, r.stdout, "allowed * https://example.com/", "disallowed * https://example.com/tmp/a")
	}},
	"robotslint test --urls https://example.com/sitemap.xml https://example.com": {exitFindings, func(t *testing.T, r exampleRun) {
		var got []string
		for _, line := range strings.Split(r.stdout, "\n") {
			if f := strings.Fields(line); len(f) >= 3 && (f[0] == "allowed" || f[0] == "disallowed") {
				u, err := url.Parse(f[2])
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, f[0]+" "+f[1]+" "+u.Path)
			}
		}
		if want := []string{"allowed * /", "disallowed * /private/a"}; !slices.Equal(got, want) {
			t.Errorf("verdicts %q, want %q (the paths of the sitemap's URLs)\n%s", got, want, r.stdout)
		}
	}},
	"robotslint test --agent Googlebot --agent GPTBot robots.txt /": {exitClean, func(t *testing.T, r exampleRun) {
		verdicts(t, r.stdout, "allowed Googlebot /", "allowed GPTBot /")
	}},
	"robotslint test --profile all robots.txt \"/search?q=x\"": {exitFindings, func(t *testing.T, r exampleRun) {
		// Every profile agrees on this one, which the output says with "all".
		verdicts(t, r.stdout, "disallowed * /search?q=x")
		wantContains(t, r.stdout, " all ", "profiles disagree on 0 of 1")
	}},
	"robotslint test --expect robots.expect robots.txt": {exitClean, nil},
	"robotslint test https://example.com /private/": {exitFindings, func(t *testing.T, r exampleRun) {
		verdicts(t, r.stdout, "disallowed * /private/")
	}},
	"robotslint test --page https://example.com/private/offer.html": {exitFindings, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "disallowed  Googlebot", "it never sees noindex (line 1: <meta name=\"robots\" content=\"noindex\">)")
	}},

	"robotslint rules": {exitClean, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "misspelled-directive", "fetch-status")
	}},
	"robotslint rules --format json | jq -r '.[].name'": {exitClean, func(t *testing.T, r exampleRun) {
		var list []struct{ Name string }
		if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) == 0 || list[0].Name == "" {
			t.Errorf("not a JSON list of rules with names: %v", err)
		}
	}},
	"robotslint explain misspelled-directive": {exitClean, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "misspelled-directive")
	}},
	"robotslint explain fetch-status": {exitClean, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "fetch-status")
	}},
	"robotslint version": {exitClean, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "robotslint ")
	}},

	// The diff examples compare old/robots.txt, or robots.txt as an
	// earlier commit had it, with robots.txt, which adds Disallow: /search
	// (among lines that change nothing) and so blocks /search?q=x.
	"robotslint diff old/robots.txt robots.txt":    {exitFindings, diffNewlyDisallowed("/search")},
	"robotslint diff HEAD~1:robots.txt robots.txt": {exitFindings, diffNewlyDisallowed("/search")},
	"robotslint diff https://example.com robots.txt --urls urls.txt": {exitClean, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "(2 from --urls, ", "No verdict changes")
	}},
	"robotslint diff origin/main:robots.txt robots.txt --format markdown": {exitFindings, func(t *testing.T, r exampleRun) {
		wantContains(t, r.stdout, "### robots.txt: ", "<details>", "`/search")
	}},
}

// exampleSetups prepare the directory of the examples named, beyond
// exampleFixture.
var exampleSetups = map[string]func(t *testing.T, dir string){
	"robotslint diff old/robots.txt robots.txt":                           diffSetup,
	"robotslint diff HEAD~1:robots.txt robots.txt":                        diffSetup,
	"robotslint diff https://example.com robots.txt --urls urls.txt":      diffSetup,
	"robotslint diff origin/main:robots.txt robots.txt --format markdown": diffSetup,
}

// diffNewlyDisallowed checks that a diff's text report names a URL newly
// disallowed.
func diffNewlyDisallowed(url string) func(t *testing.T, r exampleRun) {
	return func(t *testing.T, r exampleRun) {
		t.Helper()
		wantContains(t, r.stdout, "newly disallowed", url)
	}
}

// diffSetup gives the diff examples their other side: old/robots.txt, a
// URL list, and a git repository whose commit before the last, also
// origin/main, holds old/robots.txt as robots.txt.
func diffSetup(t *testing.T, dir string) {
	old := "user-agent: *\nDisallow: /admin/\nDisallow: /private/\n"
	writeFiles(t, dir, map[string]string{"old/robots.txt": old, "urls.txt": "/search?q=x\n/admin/\n"})
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	gitRun := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, append([]string{"-c", "user.name=robotslint", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	current := exampleFixture["robots.txt"]
	gitRun("init", "-q")
	writeFiles(t, dir, map[string]string{"robots.txt": old})
	gitRun("add", "robots.txt")
	gitRun("commit", "-q", "-m", "old")
	writeFiles(t, dir, map[string]string{"robots.txt": current})
	gitRun("commit", "-q", "-a", "-m", "new")
	gitRun("update-ref", "refs/remotes/origin/main", "HEAD~1")
}

// TestHelpExamples runs every example of "robotslint help", of each
// command's -h and of the command reference, as a user would type it, in
// a directory with the files the examples name, and checks what the
// example's text says: the exit status and the shape of the output.
// https://example.com is a local server of the same robots.txt, and of a
// page with a noindex tag at every path that ends in .html; its
// robots.txt lists /sitemap.xml, of a URL it allows and one it blocks.
func TestHelpExamples(t *testing.T) {
	var srv *httptest.Server
	srv = siteServer(t, func(w http.ResponseWriter, req *http.Request) {
		switch {
		case strings.HasSuffix(req.URL.Path, ".html"):
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(exampleFixture["public/tmp/index.html"]))
		case req.URL.Path == "/sitemap.xml":
			w.Write([]byte(urlset(srv.URL+"/", srv.URL+"/private/a")))
		default:
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(exampleFixture["robots.txt"] + "Sitemap: " + srv.URL + "/sitemap.xml\n"))
		}
	})
	examples := helpExamples(t)
	for _, ex := range examples {
		t.Run(ex, func(t *testing.T) {
			want, ok := exampleExpectations[ex]
			if !ok {
				t.Fatalf("no expectation for the example %q: add one to exampleExpectations", ex)
			}
			dir := t.TempDir()
			writeFiles(t, dir, exampleFixture)
			if setup := exampleSetups[ex]; setup != nil {
				setup(t, dir)
			}
			t.Chdir(dir)
			r := runExample(t, strings.ReplaceAll(ex, "https://example.com", srv.URL))
			r.dir = dir
			if r.status != want.status {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.status, want.status, r.stdout, r.stderr)
			}
			if want.check != nil {
				want.check(t, r)
			}
		})
	}
	for ex := range exampleExpectations {
		if !slices.Contains(examples, ex) {
			t.Errorf("exampleExpectations has %q, which no help text gives", ex)
		}
	}
}

// helpExamples returns the examples of the overview, of every command's
// -h, and of the README's command reference: the lines under "Example:"
// or "Examples:" that run robotslint, without the words that describe
// them.
func helpExamples(t *testing.T) []string {
	var texts []string
	for _, args := range [][]string{{"help"}, {"lint", "-h"}, {"fmt", "-h"}, {"test", "-h"}, {"diff", "-h"}, {"lsp", "-h"},
		{"rules", "-h"}, {"explain", "-h"}, {"version", "-h"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr); status != exitClean {
			t.Fatalf("robotslint %s: status %d: %s", strings.Join(args, " "), status, stderr.String())
		}
		texts = append(texts, stdout.String())
	}
	if ref, err := os.ReadFile(commandReferencePath); err == nil {
		texts = append(texts, string(ref))
	} else {
		t.Fatal(err)
	}
	description := regexp.MustCompile(`\s{2,}\S.*$`)
	var examples []string
	for _, text := range texts {
		in := false
		for _, line := range strings.Split(text, "\n") {
			switch {
			case line == "Example:" || line == "Examples:" || strings.HasSuffix(line, " Example:") || strings.HasSuffix(line, " Examples:"):
				in = true
			case in && strings.HasPrefix(line, "  "):
				ex := strings.TrimSpace(line)
				ex = description.ReplaceAllString(ex, "")
				if (strings.HasPrefix(ex, "robotslint") || strings.HasPrefix(ex, "cat ")) && !slices.Contains(examples, ex) {
					examples = append(examples, ex)
				}
			default:
				in = false
			}
		}
	}
	if len(examples) < 20 {
		t.Fatalf("found only %d examples: %q", len(examples), examples)
	}
	return examples
}

// runExample runs a command line of the shapes the examples use:
// "cat FILE | robotslint ...", "robotslint ... < FILE", "robotslint ... >
// FILE" and "robotslint ... | jq ..." (whose input, robotslint's output,
// is what is checked).
func runExample(t *testing.T, line string) exampleRun {
	words, err := splitCommandLine(line)
	if err != nil {
		t.Fatal(err)
	}
	var stdin []byte
	if words[0] == "cat" && len(words) > 3 && words[2] == "|" {
		if stdin, err = os.ReadFile(words[1]); err != nil {
			t.Fatal(err)
		}
		words = words[3:]
	}
	if i := slices.Index(words, "|"); i >= 0 {
		words = words[:i]
	}
	var outFile string
	if i := slices.Index(words, ">"); i >= 0 {
		outFile = words[i+1]
		words = slices.Delete(words, i, i+2)
	}
	if i := slices.Index(words, "<"); i >= 0 {
		if stdin, err = os.ReadFile(words[i+1]); err != nil {
			t.Fatal(err)
		}
		words = slices.Delete(words, i, i+2)
	}
	if words[0] != "robotslint" {
		t.Fatalf("cannot run %q", line)
	}
	var stdout, stderr bytes.Buffer
	status := run(words[1:], bytes.NewReader(stdin), &stdout, &stderr)
	if outFile != "" {
		if err := os.WriteFile(outFile, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return exampleRun{status: status, stdout: stdout.String(), stderr: stderr.String()}
}

// lintReport checks that the text report names the file.
func lintReport(name string) func(t *testing.T, r exampleRun) {
	return func(t *testing.T, r exampleRun) {
		t.Helper()
		if !regexp.MustCompile(`(?m)^\S*` + regexp.QuoteMeta(name) + `:\d+:\d+: `).MatchString(r.stdout) {
			t.Errorf("the report has no finding in %s:\n%s", name, r.stdout)
		}
	}
}

// unifiedDiffOf checks that out is a unified diff of name.
func unifiedDiffOf(t *testing.T, out, name string) {
	t.Helper()
	if !strings.HasPrefix(out, "--- a/"+name+"\n+++ b/"+name+"\n@@ ") {
		t.Errorf("not a unified diff of %s:\n%s", name, out)
	}
}

// wantLines checks that out is exactly these lines.
func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	if want := strings.Join(lines, "\n") + "\n"; out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

// wantContains checks that out contains each string.
func wantContains(t *testing.T, out string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(out, p) {
			t.Errorf("output lacks %q:\n%s", p, out)
		}
	}
}

// verdicts checks that test's text output has these verdicts ("allowed
// AGENT URL"), in order, and no others.
func verdicts(t *testing.T, out string, want ...string) {
	t.Helper()
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && (f[0] == "allowed" || f[0] == "disallowed") {
			got = append(got, strings.Join(f[:3], " "))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("verdicts %q, want %q\n%s", got, want, out)
	}
}

// commandReferencePath is the file that holds the command reference:
// the command's manual.
var commandReferencePath = manual
