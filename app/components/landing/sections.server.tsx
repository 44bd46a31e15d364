/**
 * The landing pages' text sections rendered to HTML on the server, for `ServerHtml`
 * (components/server-html.tsx, docs/decisions/147): the course's outcomes, curriculum, audience,
 * what is included, its questions, and the people. The loaders send the HTML with the page's
 * data, a document's only in its markup (decision 185); the browser shows it and never loads or
 * hydrates these components.
 */
import crypto from 'node:crypto'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { ServerHtmlPart } from '~/components/server-html'
import type { Person, Testimonial } from '~/content/site-content'
import type { Locale } from '~/domain/locale'
import type { CourseCopy } from './course-copy.server'
import { Audience, Curriculum, Faq, Included, Outcomes, SECTION_WORDS } from './course-sections'
import { People, Testimonials } from './people'

/** A section rendered: its HTML and the digest that names it (ServerHtml). */
type Rendered = { digest: string; html: string }

function render(element: ReactElement): Rendered {
	const html = renderToStaticMarkup(element)
	return { digest: crypto.createHash('sha256').update(html).digest('base64url').slice(0, 16), html }
}

/**
 * A section as the page's data carries it: for a document (`document` is its store,
 * `AppLoadContext.serverHtml`), its digest, the HTML going to the markup alone; for a client's
 * data request, its HTML too.
 */
function part(
	{ digest, html }: Rendered,
	document: Map<string, string> | undefined,
): ServerHtmlPart {
	if (!document) return { digest, html }
	document.set(digest, html)
	return { digest }
}

type CourseSectionsInput = {
	locale: Locale
	copy: CourseCopy
	faq: readonly { question: string; answer: string }[]
	/** Where buyers write, linked from the FAQ (docs/decisions/152). */
	contact?: string | null
	instructors: readonly Person[]
	testimonials: readonly Testimonial[]
}

function renderCourseSections({
	copy,
	faq,
	contact = null,
	instructors,
	testimonials,
	locale,
}: CourseSectionsInput) {
	return {
		outcomes: render(<Outcomes outcomes={copy.outcomes} locale={locale} />),
		curriculum: render(
			<Curriculum curriculum={copy.curriculum} sampleLesson={copy.sampleLesson} locale={locale} />,
		),
		audience: render(<Audience audience={copy.audience} locale={locale} />),
		instructors: render(
			<People
				id="instructors-heading"
				title={SECTION_WORDS[locale].instructors}
				people={instructors}
				locale={locale}
			/>,
		),
		testimonials: render(<Testimonials testimonials={testimonials} locale={locale} />),
		included: render(<Included included={copy.included} />),
		faq: render(<Faq entries={faq} contact={contact} locale={locale} />),
	}
}

/**
 * The sections last rendered per language, with what they were rendered from: the page cache
 * renders `/` again every 2 s per region while it is asked for, mostly from the same words.
 */
const lastRendered = new Map<
	Locale,
	{ from: unknown[]; sections: ReturnType<typeof renderCourseSections> }
>()

/** The text sections of `/` and `/for/:framework`, in page order. */
export function courseSectionsHtml(
	input: CourseSectionsInput & {
		/** The document's store of sections, when the answer is one (`part`). */
		document: Map<string, string> | undefined
	},
) {
	// The copy and the people are loaded once (the same objects); the questions are read per
	// request, so they are compared by their words.
	const from = [
		input.copy,
		input.instructors,
		input.testimonials,
		input.contact ?? null,
		JSON.stringify(input.faq),
	]
	let last = lastRendered.get(input.locale)
	if (!last || last.from.some((value, index) => value !== from[index])) {
		last = { from, sections: renderCourseSections(input) }
		lastRendered.set(input.locale, last)
	}
	const { sections } = last
	return {
		outcomes: part(sections.outcomes, input.document),
		curriculum: part(sections.curriculum, input.document),
		audience: part(sections.audience, input.document),
		instructors: part(sections.instructors, input.document),
		testimonials: part(sections.testimonials, input.document),
		included: part(sections.included, input.document),
		faq: part(sections.faq, input.document),
	}
}

export type CourseSectionsHtml = ReturnType<typeof courseSectionsHtml>

/** The day page's speakers (`document`: as `part`'s). */
export function speakersHtml(
	speakers: readonly Person[],
	locale: Locale,
	document: Map<string, string> | undefined,
) {
	return part(
		render(
			<People
				id="speakers-heading"
				title={SECTION_WORDS[locale].speakers}
				people={speakers}
				locale={locale}
			/>,
		),
		document,
	)
}
