// Command robotslint checks robots.txt files: the lines crawlers will
// ignore or misread, and where Google, Bing, Yandex and RFC 9309 crawlers
// disagree. Usage:
//
//	robotslint [lint] [flags] [PATH | URL | -]...
//	robotslint fmt [--check | --diff] [PATH | -]...
//	robotslint test [flags] ROBOTS [URL...]
//	robotslint rules [--format text|json]
//	robotslint explain RULE
//	robotslint version
//	robotslint help [COMMAND]
//
// "robotslint help COMMAND" describes each command. The exit status is 0
// when nothing is found at or above the fail level, 1 when something is,
// and 2 when the command itself fails.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
