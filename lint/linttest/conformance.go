package linttest

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

// ConformanceCase is one case of Google's robots.txt conformance suite
// (../shared/conformance/google-spec-test): a robots.txt body and whether
// Google's parser allows the agent to fetch the URL under it.
type ConformanceCase struct {
	ID        int    `json:"id"`
	TestType  string `json:"test_type"`
	Expected  string `json:"expected"` // ALLOWED or DISALLOWED
	UserAgent string `json:"useragent"`
	URL       string `json:"url"`
	RobotsB64 string `json:"robots_b64"`
	Robots    []byte `json:"-"`
}

// conformancePath is the suite inside ../shared.
const conformancePath = "conformance/google-spec-test/cases.jsonl"

// ConformanceCases reads Google's conformance cases, skipping the test
// when ../shared is absent.
func ConformanceCases(tb testing.TB) []ConformanceCase {
	tb.Helper()
	file, err := os.Open(Shared(tb, conformancePath))
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	var cases []ConformanceCase
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c ConformanceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatal(err)
		}
		if c.Robots, err = base64.StdEncoding.DecodeString(c.RobotsB64); err != nil {
			tb.Fatal(err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// ConformanceCasesIfPresent reads the conformance cases when ../shared is
// present, and returns none otherwise: for fuzzing seeds.
func ConformanceCasesIfPresent(tb testing.TB) []ConformanceCase {
	tb.Helper()
	if _, ok := SharedPath(conformancePath); !ok {
		return nil
	}
	return ConformanceCases(tb)
}
