import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CoursePage } from '~/components/course-landing'
import { geoQuery } from '~/http/api.server'
import { publicPageHeaders, regionalPageHeaders } from '~/http/cache-control.server'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { notFound } from '~/utils/responses'
import { courseInterestAction, loadCoursePage } from './course-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const handle: RouteHandle = { colorMode: 'dark', sells: true }

const frameworkNames: Record<string, string> = {
	angular: 'Angular',
	astro: 'Astro',
	laravel: 'Laravel',
	nextjs: 'Next.js',
	nuxt: 'Nuxt',
	react: 'React',
	remix: 'Remix',
	svelte: 'Svelte',
	vue: 'Vue',
}

/** A framework slug: lower-case letters, digits and dashes, as in /for/vue or /for/next-js. */
const FRAMEWORK_SLUG = /^[a-z0-9][a-z0-9-]{0,29}$/

export function frameworkName(slug: string): string {
	return (
		frameworkNames[slug] ??
		slug
			.split('-')
			.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
			.join(' ')
	)
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const slug = params.framework ?? ''
	if (!FRAMEWORK_SLUG.test(slug)) throw notFound(new URL(request.url).pathname)
	return data(
		{ framework: frameworkName(slug), ...(await loadCoursePage(request, context)) },
		{ headers: regionalPageHeaders(geoQuery(request, context)) },
	)
}

// The same page for every anonymous visitor with the same markup inputs (docs/decisions/070).
export const headers = publicPageHeaders

export const action = courseInterestAction

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(
		args,
		args.data
			? {
					title:
						localeOfPath(args.location.pathname) === 'de-DE'
							? `AI Driven Dev für ${args.data.framework}-Entwickler`
							: `AI Driven Dev for ${args.data.framework} developers`,
					structuredData: args.data.structuredData,
				}
			: {},
	)

export default function ForFramework() {
	return (
		<CoursePage {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
	)
}
