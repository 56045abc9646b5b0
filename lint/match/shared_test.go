package match

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// sharedPath returns the path of rel inside ../shared, the read-only
// material beside the project root, and skips the test when it is absent.
func sharedPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join("..", "..", "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("../shared is absent: %v", err)
	}
	return p
}

// conformanceCase is one case of Google's robots.txt conformance suite.
type conformanceCase struct {
	ID        int    `json:"id"`
	TestType  string `json:"test_type"`
	Expected  string `json:"expected"`
	UserAgent string `json:"useragent"`
	URL       string `json:"url"`
	RobotsB64 string `json:"robots_b64"`
	Robots    []byte `json:"-"`
}

func conformanceCases(tb testing.TB) []conformanceCase {
	tb.Helper()
	file, err := os.Open(sharedPath(tb, "conformance/google-spec-test/cases.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	var cases []conformanceCase
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c conformanceCase
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
