package analyticsql

// PromptMatrix is the prompts view's statement (sql/prompt_matrix.sql):
// limit prompts of the scope from offset, one row per prompt and provider:
// prompt id, text, topic id, topic name, the number of prompts, provider
// id, answers, mentions, visibility and the mean position (NULL when no
// answer names the brand).
func (q *Scope) PromptMatrix(limit, offset int) *Builder {
	return q.write("prompt_matrix.sql", struct{ Limit, Offset int }{limit, offset})
}
