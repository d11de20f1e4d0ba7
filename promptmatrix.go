package sightline

// PromptMatrixFilter selects the prompts view of a brand: the prompts with
// answers in the scope's window, a page of them, each with its results
// per provider (docs/metrics.md#prompt-matrix). Of the scope's filters,
// the first provider, region and topic id narrow the runs read.
type PromptMatrixFilter struct {
	Scope
	PageRequest
}

// PromptResults is one prompt of the prompts view and its results on each
// provider that answered it in the window.
type PromptResults struct {
	PromptID, Text     string
	TopicID, TopicName string // empty for a prompt without topic
	Cells              []PromptCell
}

// PromptCell is one prompt's results on one provider over the window
// (docs/metrics.md#prompt-matrix).
type PromptCell struct {
	ProviderID string
	// Runs are the provider's answers to the prompt, Mentions those of
	// them naming the brand.
	Runs, Mentions int
	// Visibility is 100 × Mentions / Runs.
	Visibility float64
	// AvgPosition is the brand's mean position in the answers naming it;
	// nil when none does.
	AvgPosition *float64
}
