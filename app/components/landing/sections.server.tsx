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

/**
 * A section as the page's data carries it: for a document (`document` is its store,
 * `AppLoadContext.serverHtml`), its digest, the HTML going to the markup alone; for a client's
 * data request, its HTML too.
 */
function part(element: ReactElement, document: Map<string, string> | undefined): ServerHtmlPart {
	const html = renderToStaticMarkup(element)
	const digest = crypto.createHash('sha256').update(html).digest('base64url').slice(0, 16)
	if (!document) return { digest, html }
	document.set(digest, html)
	return { digest }
}

/** The text sections of `/` and `/for/:framework`, in page order. */
export function courseSectionsHtml({
	copy,
	faq,
	contact = null,
	instructors,
	testimonials,
	locale,
	document,
}: {
	locale: Locale
	copy: CourseCopy
	faq: readonly { question: string; answer: string }[]
	/** Where buyers write, linked from the FAQ (docs/decisions/152). */
	contact?: string | null
	instructors: readonly Person[]
	testimonials: readonly Testimonial[]
	/** The document's store of sections, when the answer is one (`part`). */
	document: Map<string, string> | undefined
}) {
	return {
		outcomes: part(<Outcomes outcomes={copy.outcomes} locale={locale} />, document),
		curriculum: part(
			<Curriculum curriculum={copy.curriculum} sampleLesson={copy.sampleLesson} locale={locale} />,
			document,
		),
		audience: part(<Audience audience={copy.audience} locale={locale} />, document),
		instructors: part(
			<People
				id="instructors-heading"
				title={SECTION_WORDS[locale].instructors}
				people={instructors}
				locale={locale}
			/>,
			document,
		),
		testimonials: part(<Testimonials testimonials={testimonials} locale={locale} />, document),
		included: part(<Included included={copy.included} />, document),
		faq: part(<Faq entries={faq} contact={contact} locale={locale} />, document),
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
		<People
			id="speakers-heading"
			title={SECTION_WORDS[locale].speakers}
			people={speakers}
			locale={locale}
		/>,
		document,
	)
}
