package match

// A Profile is one way of reading robots.txt: a standard's or a crawler's.
// Profiles are immutable values; use the ones this package defines.
type Profile struct {
	// Name is the profile's identifier on the command line and in
	// output: "google".
	Name string
	// Summary says in a line whose reading it is.
	Summary string

	compile func(*Robots)
	decide  func(*Robots, string, string) Verdict
}

// Google reads a file exactly as Google's open-source parser and matcher
// (google/robotstxt) do: misspelled and prefixed directive names, lines
// without a colon, the user-agent token as its leading [A-Za-z_-] run,
// every group naming the crawler merged and replacing the * groups, the
// longest pattern winning with Allow on ties, Google's percent-encoding
// normalisation and index.html rule, lines cut at 16,663 bytes and at a
// NUL byte, and /robots.txt not treated specially.
var Google = &Profile{
	Name:    "google",
	Summary: "Google's open-source robots.txt parser and matcher (Googlebot and Google's other crawlers)",
	compile: compileGoogle,
	decide:  decideGoogle,
}

var profiles = []*Profile{Google}

// Profiles returns every profile, in the order the command lists them.
func Profiles() []*Profile { return append([]*Profile(nil), profiles...) }

// LookupProfile returns the profile named name, or nil.
func LookupProfile(name string) *Profile {
	for _, p := range profiles {
		if p.Name == name {
			return p
		}
	}
	return nil
}
