// Command robotslint checks robots.txt files.
//
// It parses each file it is given and reports every line that no crawler
// can read as a directive; "robotslint test" says whether crawlers may
// fetch URLs, and which line decides. Usage:
//
//	robotslint [FILE | -]...
//	robotslint test [--agent NAME]... [--profile NAME] [--urls FILE] [--format text|json] ROBOTS [URL...]
//
// With no argument it reads ./robots.txt; "-" reads standard input. The exit
// status is 0 when no file has an invalid line, 1 when one has, and 2 when a
// file cannot be read or the command line is wrong.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
