import { SectionHeading } from '~/components/section-heading'
import type { Person, Testimonial } from '~/content/site-content'
import type { Locale } from '~/domain/locale'
import { type PluralForms, pluralWord } from '~/domain/words'
import { LOCALE_TAGS } from '~/utils/i18n'
import { contentLang, SECTION_WORDS } from './course-sections'

const PLACEHOLDER_BADGE =
	'ml-2 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-950'

/**
 * A person's photo, or their initials drawn as SVG (docs/decisions/087): never a stock photo
 * that would pass a placeholder off as a real person.
 */
function Avatar({ person }: { person: Person }) {
	if (person.photo) {
		return (
			<img
				src={person.photo}
				alt=""
				width={64}
				height={64}
				loading="lazy"
				className="h-16 w-16 shrink-0 rounded-full object-cover"
			/>
		)
	}
	const initials = person.name
		.split(/\s+/)
		.map((word) => word[0])
		.join('')
		.slice(0, 2)
		.toUpperCase()
	return (
		<svg viewBox="0 0 64 64" className="h-16 w-16 shrink-0" aria-hidden="true" focusable="false">
			<circle cx="32" cy="32" r="32" className="fill-indigo-700" />
			<text
				x="32"
				y="39"
				textAnchor="middle"
				fontSize="20"
				fontWeight="600"
				fontFamily="system-ui, sans-serif"
				fill="white"
			>
				{initials}
			</text>
		</svg>
	)
}

/** Instructors or speakers from content/site/people.yml, placeholders labelled as such. */
export function People({
	id,
	title,
	people,
	locale,
}: {
	id: string
	/** The heading, singular or plural by how many people there are. */
	title: PluralForms
	people: readonly Person[]
	locale: Locale
}) {
	if (people.length === 0) return null
	return (
		<section aria-labelledby={id} className="py-10">
			<SectionHeading id={id} title={pluralWord(people.length, title, locale)} />
			<ul className="grid gap-4 sm:grid-cols-2">
				{people.map((person) => (
					<li
						key={person.name}
						className="flex gap-4 rounded-2xl border border-slate-200 bg-white/70 p-4 dark:border-slate-800 dark:bg-slate-900/70"
					>
						<Avatar person={person} />
						<div>
							<h3 className="font-semibold">
								{person.name}
								{person.placeholder ? (
									<span className={PLACEHOLDER_BADGE}>{SECTION_WORDS[locale].placeholder}</span>
								) : null}
							</h3>
							{/* From content/site/people.yml, English for now. */}
							<p lang={contentLang(locale)} className="text-sm text-slate-600 dark:text-slate-400">
								{person.role}
							</p>
							<p lang={contentLang(locale)} className="mt-1 text-slate-700 dark:text-slate-300">
								{person.line}
							</p>
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}

/** Quotes from content/site/testimonials.yml; an example is labelled, never passed off as real. */
export function Testimonials({
	testimonials,
	locale,
}: {
	testimonials: readonly Testimonial[]
	locale: Locale
}) {
	if (testimonials.length === 0) return null
	return (
		<section aria-labelledby="testimonials-heading" className="py-10">
			<SectionHeading id="testimonials-heading" title={SECTION_WORDS[locale].testimonials} />
			<ul className="grid gap-4 sm:grid-cols-2">
				{testimonials.map((testimonial) => (
					<li
						key={testimonial.quote}
						className="rounded-2xl border border-slate-200 bg-white/70 p-5 dark:border-slate-800 dark:bg-slate-900/70"
					>
						<figure lang={contentLang(locale)}>
							<blockquote className="text-slate-800 dark:text-slate-200">
								<p>“{testimonial.quote}”</p>
							</blockquote>
							<figcaption className="mt-3 text-sm text-slate-600 dark:text-slate-400">
								{testimonial.name}, {testimonial.role}
								{testimonial.placeholder ? (
									<span lang={LOCALE_TAGS[locale].lang} className={PLACEHOLDER_BADGE}>
										{SECTION_WORDS[locale].placeholderTestimonial}
									</span>
								) : null}
							</figcaption>
						</figure>
					</li>
				))}
			</ul>
		</section>
	)
}
