import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CourseInterestForm, CourseLanding } from '~/components/course-landing'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout } from '~/components/layouts'
import type { RouteHandle } from '~/utils/color-mode'
import { courseInterestSignup, loadCoursePage } from '~/utils/course-page.server'
import { notFound } from '~/utils/http'
import { pageMeta } from '~/utils/meta'

export const handle: RouteHandle = { colorMode: 'dark' }

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
	return json({ framework: frameworkName(slug), ...(await loadCoursePage(request, context)) })
}

/** The course-interest sign-up (docs/decisions/062). */
export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await courseInterestSignup(request, context)
	if (outcome.status === 'invalid') return json(outcome.reply, { status: 400 })
	return redirect(outcome.redirectTo)
}

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, args.data ? { title: `AI Driven Dev for ${args.data.framework} developers` } : {})

export default function ForFramework() {
	const { framework, offer, faq, copy, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	return (
		<LeadLayout>
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			<CourseLanding
				copy={copy}
				framework={framework}
				offer={offer}
				faq={faq}
				signup={<CourseInterestForm lastResult={lastResult} honeypot={honeypot} />}
			/>
		</LeadLayout>
	)
}
