/**
 * The owner's Markdown (docs/decisions/119, 132), read the way the e-mail renders it: raw HTML
 * shows as text, and a link goes only to a web or mail address. A `javascript:`, `data:` or
 * relative link has no place in an e-mail, and the form says so rather than sending it.
 */
import { Marked, Renderer, type Token, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'

const WEB_OR_MAIL = /^(https?:\/\/|mailto:)/i

/** Whether every link and image of the Markdown, as rendered, is a web or mail address. */
export function hasOnlyWebLinks(text: string): boolean {
	let only = true
	markdown.walkTokens(markdown.lexer(text), (token: Token) => {
		if ((token.type === 'link' || token.type === 'image') && !WEB_OR_MAIL.test(token.href.trim()))
			only = false
	})
	return only
}

const escapeHtml = (value: string) =>
	value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;')

/** Marked hands titles and alt texts over with entities decoded: each is escaped here, once. */
const attribute = (name: string, value: string | null | undefined) =>
	value ? ` ${name}="${escapeHtml(value)}"` : ''

const renderer = new Renderer()
renderer.link = function ({ href, title, tokens }: Tokens.Link) {
	const text = this.parser.parseInline(tokens)
	if (!WEB_OR_MAIL.test(href.trim())) return text
	return `<a${attribute('href', href.trim())}${attribute('title', title)}>${text}</a>`
}
renderer.image = ({ href, title, text }: Tokens.Image) => {
	if (!/^https?:\/\//i.test(href.trim())) return escapeHtml(text)
	return `<img${attribute('src', href.trim())}${attribute('alt', text)}${attribute('title', title)}>`
}
/**
 * Raw HTML in the owner's Markdown is shown as text, not passed on: a message's markup is the
 * layout's, and a stray `<img>` or `<form>` is not something a message should carry.
 */
renderer.html = ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text)

const markdown = new Marked({ renderer })

/**
 * What a message may carry, whatever the renderer let through: the tags Markdown makes, links to
 * web and mail addresses, images from web addresses, and no attribute that runs or styles
 * anything (`on…`, `style`, `srcset`, `class`).
 */
const allowedAttributes: Record<string, string[]> = {
	a: ['href', 'title'],
	img: ['src', 'alt', 'title'],
	ol: ['start'],
}

const allowList: sanitizeHtml.IOptions = {
	allowedTags:
		'p br strong em del a img h1 h2 h3 h4 h5 h6 ul ol li blockquote code pre hr table thead tbody tr th td'.split(
			' ',
		),
	allowedAttributes,
	allowedSchemes: ['http', 'https', 'mailto'],
	allowedSchemesByTag: { img: ['http', 'https'] },
	allowedSchemesAppliedToAttributes: ['href', 'src'],
	allowProtocolRelative: false,
	disallowedTagsMode: 'escape',
}

/** Inline CSS per tag, the only styles a message's body carries (mail clients drop `<style>`). */
export type OwnerMarkdownStyles = Partial<Record<'p' | 'li' | 'a' | 'h1' | 'h2', string>>

/**
 * The owner's Markdown as e-mail HTML: rendered with every attribute escaped, then sanitised
 * against the allow-list. A styled tag's `style` is replaced by the site's before the filter, so
 * no style in the result is the Markdown's.
 */
export function renderOwnerMarkdown(text: string, styles: OwnerMarkdownStyles): string {
	const rendered = markdown.parse(text, { async: false })
	const styled = Object.entries(styles)
	return sanitizeHtml(rendered, {
		...allowList,
		allowedAttributes: {
			...allowedAttributes,
			...Object.fromEntries(
				styled.map(([tag]) => [tag, [...(allowedAttributes[tag] ?? []), 'style']]),
			),
		},
		transformTags: Object.fromEntries(
			styled.map(([tag, style]) => [
				tag,
				(tagName: string, attribs: sanitizeHtml.Attributes) => ({
					tagName,
					attribs: { ...attribs, style },
				}),
			]),
		),
	})
}
