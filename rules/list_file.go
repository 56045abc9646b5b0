package rules

import "github.com/robotslint/robotslint/lint"

// fileRules are the checks of the file as a whole: what the server sent,
// its encoding and size, and rules that shut search crawlers out.
var fileRules = []*lint.Rule{
	NotRobotsTxt,
	InvalidEncoding,
	ByteOrderMark,
	ControlCharacter,
	LineTooLong,
	FileTooLarge,
	BlocksEverything,
	BlocksResources,
}
