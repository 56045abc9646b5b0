package rules

import "github.com/robotslint/robotslint/lint"

var agentRules = []*lint.Rule{
	MissingUserAgent,
	EmptyRecord,
	MultipleAgents,
	InvalidUserAgent,
	MisspelledUserAgent,
	RetiredUserAgent,
	GroupMergeHazard,
	BlankLineInGroup,
	DuplicateGroup,
	GlobalRulesIgnored,
}
