import { describe, expect, test } from 'vitest'
import { ownerMessage, type UnsubscribeLinks } from './templates'

const unsubscribe: UnsubscribeLinks = {
	preferencesUrl: 'https://site.test/email-preferences?token=t.s',
	oneClickUrl: 'https://site.test/unsubscribe?token=t.s',
}

type Tag = { name: string; attributes: Map<string, string> }

/** Every start tag of an HTML body with its attributes, quoted values read as a browser reads them. */
function tagsOf(html: string): Tag[] {
	const tags: Tag[] = []
	for (const [, name, rest] of html.matchAll(/<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
		const attributes = new Map<string, string>()
		for (const [, key, double, single, bare] of (rest ?? '').matchAll(
			/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
		)) {
			// A browser keeps the first of two attributes of one name.
			const lowered = (key ?? '').toLowerCase()
			if (!attributes.has(lowered)) attributes.set(lowered, double ?? single ?? bare ?? '')
		}
		tags.push({ name: (name ?? '').toLowerCase(), attributes })
	}
	return tags
}

/** The owner's part of the message: what the layout puts around it is the site's own markup. */
async function ownerPart(body: string) {
	const mail = await ownerMessage({ subject: 'Hi', body, unsubscribe })
	const empty = await ownerMessage({ subject: 'Hi', body: '', unsubscribe })
	const layoutTags = new Set(tagsOf(empty.html).map((tag) => tag.name))
	return { mail, tags: tagsOf(mail.html), layoutTags }
}

const decode = (value: string) =>
	value
		.replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
			String.fromCodePoint(Number.parseInt(hex, 16)),
		)
		.replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
		.replace(/&colon;/gi, ':')
		.replace(/&amp;/g, '&')

/** A browser ignores spaces and control characters inside a scheme (`java\tscript:`). */
const withoutControls = (value: string) =>
	[...value].filter((character) => (character.codePointAt(0) ?? 0) > 0x20).join('')

const attacks = {
	'a link title closing its quote': '[x](https://ok.example/ "t\\" onmouseover=\\"alert(1)")',
	'an image title closing its quote': '![a](https://ok.example/a.png "t\\" onerror=\\"alert(1)")',
	'a title adding a style':
		'[x](https://ok.example/ "t\\" style=\\"background:url(https://evil.example/t)")',
	'a title adding a srcset':
		'![a](https://ok.example/a.png "t\\" srcset=\\"https://evil.example/x 1x")',
	'an href with a quote': '[x](<https://ok.example/"onmouseover="alert(1)>)',
	'a javascript: href in entities':
		'[x](jav&#x61;script&#x3A;alert(1)) [y](&#106;avascript:alert(1))',
	'a javascript: href with a tab': '[x](java\tscript:alert(1))',
	'a data: image': '![a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
	'a data: link': '[x](data:text/html,<script>alert(1)</script>)',
	'an inline svg': '<svg onload="alert(1)"><script>alert(1)</script></svg>',
	'an autolink to javascript:': '<javascript:alert(1)>',
}

describe("the owner's Markdown in an e-mail", () => {
	test.each(Object.entries(attacks))(
		'%s puts no event handler, style, srcset or script into the HTML',
		async (_, body) => {
			const { tags, layoutTags } = await ownerPart(body)
			for (const tag of tags) {
				for (const [key, value] of tag.attributes) {
					expect(key, `<${tag.name} ${key}>`).not.toMatch(/^on|^srcset$|^formaction$/)
					if (key === 'style') expect(value).not.toMatch(/evil|url\(/i)
					if (key === 'href' || key === 'src')
						expect(withoutControls(decode(value))).toMatch(/^(https?:|mailto:)/i)
				}
				if (!layoutTags.has(tag.name))
					expect(tag.name).toMatch(
						/^(a|img|p|strong|em|del|h[1-6]|ul|ol|li|blockquote|code|pre|hr|br|table|thead|tbody|tr|th|td)$/,
					)
			}
		},
	)

	test('a title stays a title, its quotes escaped, and the link keeps its address', async () => {
		const { tags } = await ownerPart(attacks['a link title closing its quote'])
		const link = tags.find(
			(tag) => tag.name === 'a' && tag.attributes.get('href') === 'https://ok.example/',
		)
		expect(link?.attributes.get('title')).toBe('t&quot; onmouseover=&quot;alert(1)')
		expect(link?.attributes.has('onmouseover')).toBe(false)
	})

	test('an image keeps its web address and alt text, and nothing else', async () => {
		const { tags } = await ownerPart('![A chart](https://ok.example/a.png)')
		const image = tags.find((tag) => tag.name === 'img')
		expect(image?.attributes.get('src')).toBe('https://ok.example/a.png')
		expect(image?.attributes.get('alt')).toBe('A chart')
	})

	test('headings, paragraphs, lists and links keep the site’s styles', async () => {
		const { mail, tags } = await ownerPart(
			'# New time\n\nSee [the page](https://site.test/workshop).\n\n- one',
		)
		expect(mail.html).toMatch(/<h1 style="[^"]*font-size:22px[^"]*">New time<\/h1>/)
		const link = tags.find((tag) => tag.attributes.get('href') === 'https://site.test/workshop')
		expect(link?.attributes.get('style')).toMatch(/text-decoration:underline/)
		expect(tags.find((tag) => tag.name === 'li')?.attributes.get('style')).toMatch(/font-size:16px/)
	})
})
