package kb

// Phrase says what a crawler of category c is, as a noun phrase that
// explanations put after the crawler's name: "GPTBot — a crawler that
// collects content to train AI models".
func (c Category) Phrase() string {
	switch c {
	case CategorySearch:
		return "a search engine crawler"
	case CategoryAITraining:
		return "a crawler that collects content to train AI models"
	case CategoryAIAssistant:
		return "a fetcher for an AI assistant, usually acting on a user's request"
	case CategoryAISearch:
		return "a crawler for AI search and answers"
	case CategorySEO:
		return "an SEO tool's crawler"
	case CategorySocial:
		return "a link-preview fetcher"
	case CategoryArchive:
		return "a web archive's crawler"
	}
	return "a crawler"
}

// Label names category c in a few words, short enough for the detail of a
// completion item: "AI training".
func (c Category) Label() string {
	switch c {
	case CategorySearch:
		return "search"
	case CategoryAITraining:
		return "AI training"
	case CategoryAIAssistant:
		return "AI assistant"
	case CategoryAISearch:
		return "AI search"
	case CategorySEO:
		return "SEO"
	case CategorySocial:
		return "link previews"
	case CategoryArchive:
		return "archive"
	}
	return "other"
}
