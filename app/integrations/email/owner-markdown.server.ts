/**
 * The owner's Markdown (docs/decisions/119), read the way the e-mail renders it: raw HTML shows as
 * text, and a link goes only to a web or mail address. A `javascript:`, `data:` or relative link
 * has no place in an e-mail, and the form says so rather than sending it.
 */
import { marked, type Token } from 'marked'

/**
 * Raw HTML in the owner's Markdown is shown as text, not passed on: a message's markup is the
 * layout's, and a stray `<img>` or `<form>` is not something a message should carry.
 */
export const escapeRawHtml = (markdown: string) => markdown.replace(/</g, '&lt;')

const WEB_OR_MAIL = /^(https?:\/\/|mailto:)/i

/** Whether every link and image of the Markdown, as rendered, is a web or mail address. */
export function hasOnlyWebLinks(markdown: string): boolean {
	let only = true
	marked.walkTokens(marked.lexer(escapeRawHtml(markdown)), (token: Token) => {
		if ((token.type === 'link' || token.type === 'image') && !WEB_OR_MAIL.test(token.href.trim()))
			only = false
	})
	return only
}
