/**
 * The landing pages' text sections rendered to HTML on the server, for `ServerHtml`
 * (components/server-html.tsx, docs/decisions/147): the course's outcomes, curriculum, audience,
 * what is included, its questions, and the people. The loaders send the HTML with the page's
 * data; the browser shows it and never loads or hydrates these components.
 */
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Person, Testimonial } from '~/content/site-content'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import type { CourseCopy } from './course-copy.server'
import { Audience, Curriculum, Faq, Included, Outcomes, SECTION_WORDS } from './course-sections'
import { People, Testimonials } from './people'

const html = (element: ReactElement) => renderToStaticMarkup(element)

/** The text sections of `/` and `/for/:framework`, in page order. */
export function courseSectionsHtml({
	copy,
	faq,
	contact = null,
	instructors,
	testimonials,
	locale,
}: {
	locale: Locale
	copy: CourseCopy
	faq: readonly { question: string; answer: string }[]
	/** Where buyers write, linked from the FAQ (docs/decisions/152). */
	contact?: string | null
	instructors: readonly Person[]
	testimonials: readonly Testimonial[]
}) {
	return {
		outcomes: html(<Outcomes outcomes={copy.outcomes} locale={locale} />),
		curriculum: html(
			<Curriculum curriculum={copy.curriculum} sampleLesson={copy.sampleLesson} locale={locale} />,
		),
		audience: html(<Audience audience={copy.audience} locale={locale} />),
		instructors: html(
			<People
				id="instructors-heading"
				title={SECTION_WORDS[locale].instructors}
				people={instructors}
				locale={locale}
			/>,
		),
		testimonials: html(<Testimonials testimonials={testimonials} locale={locale} />),
		included: html(<Included included={copy.included} />),
		faq: html(<Faq entries={faq} contact={contact} locale={locale} />),
	}
}

export type CourseSectionsHtml = ReturnType<typeof courseSectionsHtml>

/** The day page's speakers. */
export function speakersHtml(speakers: readonly Person[], locale: Locale = DEFAULT_LOCALE) {
	return html(
		<People
			id="speakers-heading"
			title={SECTION_WORDS[locale].speakers}
			people={speakers}
			locale={locale}
		/>,
	)
}
