// Package match answers "may this crawler fetch this URL?" for a parsed
// robots.txt file, the way a given crawler or standard reads the file.
//
// Crawlers disagree: Google merges every group that names a crawler and
// lets the longest rule win, the 1994 standard takes the first record whose
// User-agent contains the crawler's name and the first rule that matches,
// Yandex ends a group at a blank line. A Profile holds one such reading.
// Compile reads a syntax.File once for a profile; the resulting Robots
// answers any number of queries, concurrently, and each Verdict says which
// line decided it and which group was used. ReadLayout gives the reading
// Compile starts from, the groups as line indices, for code that compares
// rules rather than matching URLs; GoogleLine and StandardLine read a
// single line as the profiles do, for the rules that ask about one line.
// Layouts read through them too, so that there is one answer.
//
// The package works on the syntax tree and takes bytes and strings: it
// imports neither os nor net, so the command, the language server and a
// WebAssembly build share it.
package match
