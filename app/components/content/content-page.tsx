import { Link } from '@remix-run/react'
import { useLocale } from '~/components/use-locale'
import type { TocEntry } from '~/content/schema'
import { formatDay } from '~/domain/dates'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { LOCALE_TAGS } from '~/utils/i18n'
import { ContentBody, TableOfContents } from './content-body'

type ContentPageProps = {
	title: string
	description: string
	date: string
	updated?: string
	author?: string
	draft: boolean
	html: string
	toc: TocEntry[]
	/** Where the reader came from: a link back to the list. */
	back?: { to: string; label: string }
	/** A line above the title, e.g. the post's category. */
	eyebrow?: React.ReactNode
	readingMinutes?: number
	/** The language the text is in: English unless a translation was found (decision 175). */
	locale?: Locale
}

/** The page's own words, in the language its text is in (decision 175). */
const WORDS = {
	'en-US': {
		draft: 'Draft: visible in preview mode only',
		updated: 'Updated',
		minutes: (count: number) => `${count} min read`,
	},
	'de-DE': {
		draft: 'Entwurf: nur in der Vorschau sichtbar',
		updated: 'Aktualisiert am',
		minutes: (count: number) => `${count} Min. Lesezeit`,
	},
} satisfies Record<Locale, unknown>

/** One blog post, cheatsheet or legal page: heading, dates, "On this page", then the body. */
export function ContentPage(props: ContentPageProps) {
	// A German page without a translation (decision 175) says so and shows the English text,
	// marked as English for screen readers and translation tools.
	const textLocale = props.locale ?? DEFAULT_LOCALE
	const pageLocale = useLocale()
	const untranslated = pageLocale !== textLocale
	// The frame's words (the link back, the line above the title) are the page's language.
	const frameLang = untranslated ? LOCALE_TAGS[pageLocale].lang : undefined
	const words = WORDS[textLocale]
	return (
		<article lang={untranslated ? 'en' : undefined}>
			{untranslated ? (
				<p
					lang="de"
					className="mt-6 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
				>
					Diese Seite ist noch nicht übersetzt: Sie lesen die englische Fassung.
				</p>
			) : null}
			<header className="pb-8 pt-10">
				{props.back ? (
					<p lang={frameLang} className="mb-6 text-sm">
						<Link
							to={props.back.to}
							className="text-indigo-700 hover:underline dark:text-indigo-300"
						>
							← {props.back.label}
						</Link>
					</p>
				) : null}
				{props.draft ? (
					<p className="mb-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950">
						{words.draft}
					</p>
				) : null}
				{props.eyebrow ? (
					<p lang={frameLang} className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
						{props.eyebrow}
					</p>
				) : null}
				<h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{props.title}</h1>
				<p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{props.description}</p>
				<p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
					{props.author ? <>{props.author} · </> : null}
					{props.updated && props.updated !== props.date ? (
						<>
							{words.updated}{' '}
							<time dateTime={props.updated}>{formatDay(props.updated, textLocale)}</time>
						</>
					) : (
						<time dateTime={props.date}>{formatDay(props.date, textLocale)}</time>
					)}
					{props.readingMinutes ? <> · {words.minutes(props.readingMinutes)}</> : null}
				</p>
			</header>
			<TableOfContents toc={props.toc} locale={textLocale} />
			<ContentBody html={props.html} />
		</article>
	)
}
