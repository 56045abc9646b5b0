// What `robotslint test --format json --profile all` says, and how the
// Test URL command words it. No vscode import, so the tests can run it.

/** One verdict: how one profile reads the file for one agent and URL. */
export interface TestResult {
  agent: string;
  url: string;
  profile: string;
  allowed: boolean;
  /** The deciding line, 1-based; null when no rule matches. */
  line: number | null;
  /** The deciding rule as written, such as "Disallow: /private". */
  rule: string | null;
  /** The User-agent values of the group the crawler obeys. */
  group: string[];
}

/** A note about a crawler that its verdicts do not show. */
export interface CrawlerNote {
  agent: string;
  quirk: string;
  text: string;
}

/** The JSON document `robotslint test --format json` prints. */
export interface TestReport {
  results: TestResult[];
  notes?: CrawlerNote[];
}

/**
 * The arguments of `robotslint` for testing one URL for one agent under
 * every profile. file is a path, or "-" for standard input; "--" ends the
 * flags, so a URL or file name starting with "-" is not read as one.
 */
export function testArgs(agent: string, file: string, url: string): string[] {
  return ["test", "--format", "json", "--profile", "all", "--agent", agent, "--", file, url];
}

/** Parses and checks the command's output. */
export function parseReport(stdout: string): TestReport {
  const report = JSON.parse(stdout) as unknown;
  if (typeof report !== "object" || report === null || !Array.isArray((report as TestReport).results)) {
    throw new Error("robotslint test printed no results");
  }
  return report as TestReport;
}

/** Verdicts that agree: the same answer, decided by the same line. */
export interface Outcome {
  allowed: boolean;
  line: number | null;
  rule: string | null;
  profiles: string[];
}

/** The message for the user and the lines to show them. */
export interface Summary {
  /** One line: the verdict of every profile, grouped where they agree. */
  message: string;
  /** Whether the profiles disagree. */
  split: boolean;
  /** The outcomes, in the order of their first profile. */
  outcomes: Outcome[];
  /** Further notes on the crawler, one a line. */
  notes: string[];
}

/** Groups the verdicts for one agent and URL and words them. */
export function summarize(report: TestReport): Summary {
  const outcomes: Outcome[] = [];
  for (const r of report.results) {
    const same = outcomes.find((o) => o.allowed === r.allowed && o.line === r.line);
    if (same) {
      same.profiles.push(r.profile);
    } else {
      outcomes.push({ allowed: r.allowed, line: r.line, rule: r.rule, profiles: [r.profile] });
    }
  }
  const first = report.results[0];
  const who = first ? `${first.agent || "(no agent)"} ${first.url === "" ? "/" : first.url}` : "";
  const split = new Set(outcomes.map((o) => o.allowed)).size > 1;
  const verdict = (o: Outcome) => (o.allowed ? "allowed" : "disallowed");
  const why = (o: Outcome) => (o.line === null ? "no rule matches" : `line ${o.line}: ${o.rule ?? ""}`.trimEnd());
  let message: string;
  if (outcomes.length === 0) {
    message = "robotslint test gave no verdict";
  } else if (outcomes.length === 1) {
    message = `${who}: ${verdict(outcomes[0])} by every profile (${why(outcomes[0])})`;
  } else {
    const parts = outcomes.map((o) => `${o.profiles.join(", ")}: ${verdict(o)} (${why(o)})`);
    const head = split ? "the profiles disagree" : `${verdict(outcomes[0])} by every profile, on different lines`;
    message = `${who}: ${head}. ${parts.join("; ")}`;
  }
  const notes = (report.notes ?? []).map((n) => `${n.agent}: ${n.text}`);
  return { message, split, outcomes, notes };
}

/** The deciding line to select first: the first profile's, if any. */
export function decidingLine(summary: Summary): number | null {
  return summary.outcomes.find((o) => o.line !== null)?.line ?? null;
}
