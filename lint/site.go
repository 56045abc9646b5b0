package lint

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// ParseSite reads the site a file is served for, as a configuration's site
// setting gives it: an http or https origin, "https://example.com", with a
// port when it is not the scheme's default and at most a "/" after the
// host, since a robots.txt applies to a whole origin (RFC 9309 §2.3). It
// returns the origin in lower case without a default port or a trailing
// slash, and an error that says in one line what is wrong and what to
// write instead.
func ParseSite(s string) (string, error) {
	const example = `"https://example.com"`
	u, err := url.Parse(s)
	switch {
	case s == "":
		return "", fmt.Errorf("is empty: write the site's origin, such as %s", example)
	case err != nil:
		return "", fmt.Errorf("%s is not a URL: write the site's origin, such as %s", strconv.Quote(s), example)
	case u.Scheme == "" || u.Opaque != "" && !strings.Contains(s, "://"):
		// "example.com" and "example.com:8080" alike.
		return "", fmt.Errorf("%s has no scheme: write %s", strconv.Quote(s), strconv.Quote("https://"+strings.TrimSuffix(s, "/")))
	}
	scheme := syntax.LowerASCII(u.Scheme)
	switch {
	case scheme != "http" && scheme != "https":
		return "", fmt.Errorf("%s is not an http or https URL: write the site's origin, such as %s", strconv.Quote(s), example)
	case u.Host == "" || u.Hostname() == "":
		return "", fmt.Errorf("%s has no host: write the site's origin, such as %s", strconv.Quote(s), example)
	case u.User != nil:
		return "", fmt.Errorf("%s holds a user name: write only the scheme and host, %s", strconv.Quote(s), strconv.Quote(scheme+"://"+u.Host))
	case u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", fmt.Errorf("%s has more than a scheme and host: a robots.txt applies to a whole host, so write %s", strconv.Quote(s), strconv.Quote(scheme+"://"+u.Host))
	}
	host := syntax.LowerASCII(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // an IPv6 address
	}
	if port := u.Port(); port != "" && !(scheme == "http" && port == "80" || scheme == "https" && port == "443") {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}
