package kb

// curatedQuirks returns the quirks of the listed crawlers, keyed by token
// as crawlers.json writes it. They live here rather than in the generated
// file because they are this project's reading of the operators'
// documentation, not facts either source list records in a usable form.
func curatedQuirks() map[string][]Quirk {
	m := make(map[string][]Quirk)
	add := func(q Quirk, tokens ...string) {
		for _, t := range tokens {
			m[t] = append(m[t], q)
		}
	}

	// Google's special-case crawlers. The documentation says so for the
	// first three; for Mediapartners-Google it is widely reported.
	add(Quirk{Kind: QuirkIgnoresGlobalGroup,
		Text: "Google: \"The global user agent (*) is ignored\" by this special-case crawler; only a group naming it restricts it."},
		"AdsBot-Google", "AdsBot-Google-Mobile", "APIs-Google")
	add(Quirk{Kind: QuirkIgnoresGlobalGroup,
		Text: "Widely documented as ignoring the * group, like Google's other ads crawlers; only a group naming it restricts it."},
		"Mediapartners-Google")

	add(Quirk{Kind: QuirkFallsBackTo, Token: "Googlebot",
		Text: "Apple: \"If robots instructions don't mention Applebot but mention Googlebot, the Apple robot will follow Googlebot instructions.\""},
		"Applebot")

	add(Quirk{Kind: QuirkControlTokenOnly,
		Text: "Has no crawler of its own: Google's crawlers read this group to decide whether what they fetch may train Gemini models and ground their answers. It does not affect Google Search."},
		"Google-Extended")
	add(Quirk{Kind: QuirkControlTokenOnly,
		Text: "Apple: \"Applebot-Extended does not crawl webpages.\" Apple reads this group to decide whether what Applebot fetched may train its generative models; pages it disallows can still appear in search results."},
		"Applebot-Extended")

	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Google: \"Feedfetcher ignores robots.txt rules\"; it fetches feeds that users asked for."},
		"FeedFetcher-Google")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "One of Google's user-triggered fetchers: \"Because the fetch was requested by a user, these fetchers generally ignore robots.txt rules.\""},
		"Google-Site-Verification", "Google-Read-Aloud", "Google-NotebookLM", "Google-CWS", "Google-GeminiNotebook")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Looks for abuse and malware, and is \"unaffected by crawling preferences\"."},
		"Google-Safety")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Apple: iTMS \"does not follow robots.txt\"."},
		"iTMS")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "OpenAI: fetches made for a ChatGPT user are \"not used for crawling the web in an automatic fashion\", and robots.txt rules may not apply to them."},
		"ChatGPT-User")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Perplexity: fetches made for a user \"generally ignore robots.txt rules\"."},
		"Perplexity-User")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Meta: its user-initiated fetches of single links \"may bypass robots.txt rules\"."},
		"meta-externalfetcher")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Meta: it \"might bypass robots.txt when performing security or integrity checks\"."},
		"facebookexternalhit")
	add(Quirk{Kind: QuirkIgnoresRobots,
		Text: "Reported to crawl only for Baidu's ad customers and not to comply with robots.txt (secondary source)."},
		"Baiduspider-ads")

	add(Quirk{Kind: QuirkSubstringMatch, Token: "Yandex",
		Text: "Yandex's robots obey a group whose User-agent contains \"Yandex\", ignoring case, and then ignore the * group. A group for YandexBot applies to the main robot only, and some robots obey only a group with their exact token."},
		"Yandex", "YandexBot", "YandexAdditional", "YandexAdditionalBot")
	add(Quirk{Kind: QuirkSubstringMatch, Token: "Slurp",
		Text: "Yahoo: \"Slurp will obey the first entry in the robots.txt file with a User-agent containing 'Slurp'\", or else the first * entry; later groups for it are ignored."},
		"Slurp")

	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Honours Crawl-delay, ahead of the crawl-control setting in Bing Webmaster Tools. A Crawl-delay in the * group still applies when a bingbot group exists."},
		"bingbot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Bing documented Crawl-delay support for MSNBot in 2009."},
		"msnbot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Honours Crawl-delay, a Slurp extension, including fractional values such as 0.5."},
		"Slurp")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Common Crawl: CCBot obeys Crawl-delay."},
		"CCBot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Ahrefs: AhrefsBot honours Crawl-delay, including fractional seconds."},
		"AhrefsBot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Ahrefs: the Site Audit crawler obeys Crawl-delay by default."},
		"AhrefsSiteAudit")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Majestic: \"Obeys Crawl Delay: Yes\", up to 30 seconds."},
		"MJ12bot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Anthropic supports \"the non-standard Crawl-delay extension\"."},
		"ClaudeBot", "Claude-User", "Claude-SearchBot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Diffbot's crawls obey \"the disallow and crawl-delay directives\" by default."},
		"Diffbot")
	add(Quirk{Kind: QuirkHonoursCrawlDelay,
		Text: "Reported to respect robots.txt \"and crawl delays\" (Vercel's verified-bots directory)."},
		"DataForSeoBot", "SeekportBot")

	add(Quirk{Kind: QuirkIgnoresCrawlDelay,
		Text: "Google: Crawl-delay is not supported; Google's parser reads it as an unknown line."},
		"Googlebot", "Googlebot-Image", "Googlebot-Video", "Googlebot-News", "Storebot-Google",
		"Google-InspectionTool", "GoogleOther", "GoogleOther-Image", "GoogleOther-Video",
		"Google-CloudVertexBot", "APIs-Google", "AdsBot-Google", "AdsBot-Google-Mobile", "Mediapartners-Google")
	add(Quirk{Kind: QuirkIgnoresCrawlDelay,
		Text: "Yandex has ignored Crawl-delay since 22 February 2018; use the crawl-rate setting in Yandex Webmaster."},
		"Yandex", "YandexBot", "YandexAdditional", "YandexAdditionalBot")
	add(Quirk{Kind: QuirkIgnoresCrawlDelay,
		Text: "Baidu announced in 2013 that it does not support Crawl-delay; use Baidu Webmaster Tools instead."},
		"Baiduspider")
	add(Quirk{Kind: QuirkIgnoresCrawlDelay,
		Text: "Apple: \"Applebot does not follow crawl-delay.\""},
		"Applebot")
	add(Quirk{Kind: QuirkIgnoresCrawlDelay,
		Text: "Amazon: Amazonbot \"does not currently support the crawl-delay directive\"."},
		"Amazonbot")
	return m
}
