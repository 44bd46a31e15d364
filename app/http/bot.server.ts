import { isbot } from 'isbot'

const answers = new Map<string, boolean>()

/**
 * Whether a User-Agent is a bot's (isbot), remembered: its one large expression was 1 % of a
 * cached answer, asked by the locale redirect and the page cache's key alike, and a crowd's
 * browsers send a few hundred different strings, not one each.
 */
export function isBot(userAgent: string | null | undefined): boolean {
	if (!userAgent) return isbot(userAgent)
	let answer = answers.get(userAgent)
	if (answer === undefined) {
		if (answers.size >= 1_000) answers.clear()
		answer = isbot(userAgent)
		answers.set(userAgent, answer)
	}
	return answer
}
