# Answers robots.txt queries with Python's urllib.robotparser, for
# TestDifferentialRobotparser: as the module reads files, and with each of
# the legacy profile's departures from it, where the 1994 standard and the
# 1997 draft (KD96) say otherwise, switched on alone and all together.
#
# Input (stdin), JSON: [{"body": str, "queries": [[agent, url], ...]}, ...]
# Output (stdout), JSON: one list per file, one row per query: the stock
# verdict, the verdict with every departure, then, only when the two differ,
# the verdict with each departure of DEPARTURES alone, in order.

import json
import re
import sys
import urllib.parse
import urllib.robotparser

DEPARTURES = ["agent", "empty", "blank", "extension", "slash", "literal", "bom", "robots"]

KNOWN = {"user-agent", "allow", "disallow", "sitemap", "crawl-delay", "request-rate"}


class Departing(urllib.robotparser.RobotFileParser):
    """A RobotFileParser with some of the legacy profile's departures."""

    def __init__(self, departures):
        super().__init__()
        self.departures = departures
        self.records = []  # every entry in file order, * ones included

    def _add_entry(self, entry):
        self.records.append(entry)
        super()._add_entry(entry)

    def read_text(self, body):
        d = self.departures
        if "bom" in d:
            # KD96 names no byte order mark, but it is no part of the
            # first line; robotparser decodes with "utf-8" and keeps it.
            body = body.removeprefix("\ufeff")
        if "slash" in d:
            # KD96 §3.2.2: "%2F" stays apart from "/": robotparser
            # unquotes it; shield it from unquote on both sides.
            body = re.sub("%2[fF]", "%252F", body)
        lines = body.splitlines()
        if "blank" in d:
            # KD96's grammar: blank = *space CRLF. robotparser ends a
            # record only at an empty line.
            lines = ["" if l.strip(" \t") == "" else l for l in lines]
        if "extension" in d:
            # KD96: ruleline = (disallowline | allowline | extension):
            # any other field is a rule line of the record. robotparser
            # counts only Crawl-delay and Request-rate; a Crawl-delay line
            # with no number does the same to its state.
            lines = [self.extension(l) for l in lines]
        if "literal" in d:
            # KD96 §3.2.2 compares the octets of the path as written:
            # robotparser sends each rule through urlparse and urlunparse,
            # which drop an empty query or params ("/search?" becomes
            # "/search").
            urllib.robotparser.RuleLine = LiteralRuleLine
        try:
            self.parse(lines)
        finally:
            urllib.robotparser.RuleLine = StockRuleLine
        if "empty" in d:
            # REP94: an empty Disallow "indicates that all URLs can be
            # retrieved"; the legacy profile reads it as no rule.
            # robotparser makes it an Allow that matches every URL, which
            # ends the search in first-match order.
            for e in self.records:
                e.rulelines = [r for r in e.rulelines if r.path != ""]

    @staticmethod
    def extension(line):
        text = line.split("#", 1)[0].strip()
        parts = text.split(":", 1)
        if len(parts) == 2 and parts[0].strip().lower() not in KNOWN:
            return "Crawl-delay: extension"
        return line

    def can_fetch(self, useragent, url):
        d = self.departures
        if not d:
            return super().can_fetch(useragent, url)
        # robotparser's can_fetch, with the departures.
        if "slash" in d:
            url = re.sub("%2[fF]", "%252F", url)
        if "literal" in d:
            url = url.split("#", 1)[0]  # the queries are paths
        else:
            parsed = urllib.parse.urlparse(urllib.parse.unquote(url))
            url = urllib.parse.urlunparse(("", "", parsed.path, parsed.params, parsed.query, parsed.fragment))
        url = urllib.parse.quote(urllib.parse.unquote(url)) or "/"
        if "robots" in d and url.split("?", 1)[0] == "/robots.txt":
            # KD96 §3.2.2: "The /robots.txt URL is always allowed".
            return True
        entry = self.select(useragent.split("/")[0].lower())
        return entry.allowance(url) if entry else True

    def select(self, name):
        if "agent" in self.departures:
            # KD96 §3.2.1: the first record with a User-agent value that
            # contains the robot's name, ignoring case, else the first *
            # record. robotparser takes a value that the robot's name
            # contains, and puts a record that names * among others after
            # all others.
            for e in self.records:
                if any(a != "*" and name in a.lower() for a in e.useragents):
                    return e
            for e in self.records:
                if "*" in e.useragents:
                    return e
            return None
        for e in self.entries:
            if e.applies_to(name):
                return e
        return self.default_entry


StockRuleLine = urllib.robotparser.RuleLine


class LiteralRuleLine(StockRuleLine):
    """A rule line whose path is quoted as written."""

    def __init__(self, path, allowance):
        super().__init__(path, allowance)
        self.path = urllib.parse.quote(path)


def answers(body, queries, departures):
    p = Departing(departures)
    p.read_text(body)
    return [p.can_fetch(agent, url) for agent, url in queries]


def main():
    out = []
    for f in json.load(sys.stdin):
        stock = answers(f["body"], f["queries"], [])
        every = answers(f["body"], f["queries"], DEPARTURES)
        alone = None
        rows = []
        for i, q in enumerate(f["queries"]):
            row = [stock[i], every[i]]
            if stock[i] != every[i]:
                if alone is None:
                    alone = [answers(f["body"], f["queries"], [d]) for d in DEPARTURES]
                row += [a[i] for a in alone]
            rows.append(row)
        out.append(rows)
    json.dump(out, sys.stdout)


main()
