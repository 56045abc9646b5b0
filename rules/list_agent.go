package rules

import "github.com/robotslint/robotslint/lint"

var agentRules = []*lint.Rule{}
