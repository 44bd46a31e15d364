import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CourseLanding } from '~/components/course-landing'
import { SignupForm } from '~/components/islands'
import { courseCopy } from '~/components/landing/course-copy.server'
import { LeadLayout } from '~/components/layouts'
import { getCourseFaq } from '~/models/course-faq.server'
import { getCourseOffer, parsePricingChoice } from '~/models/offer.server'
import { handleSignupForm } from '~/models/signup-actions.server'
import { geoQuery } from '~/utils/api.server'
import type { RouteHandle } from '~/utils/color-mode'
import { honeypotProps } from '~/utils/honeypot.server'
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
	const url = new URL(request.url)
	if (!FRAMEWORK_SLUG.test(slug)) throw notFound(url.pathname)
	const pricing = parsePricingChoice(url.searchParams.get('pricing'))
	const [offer, faq] = await Promise.all([
		getCourseOffer({ geo: geoQuery(request, context), pricing }),
		getCourseFaq(),
	])
	return json({
		framework: frameworkName(slug),
		offer,
		faq,
		copy: courseCopy,
		honeypot: honeypotProps(),
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	return handleSignupForm({ request, context, list: 'course', schema: 'interest' })
}

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, args.data ? { title: `AI Driven Dev for ${args.data.framework} developers` } : {})

export default function ForFramework() {
	const { framework, offer, faq, copy, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	return (
		<LeadLayout>
			<CourseLanding
				copy={copy}
				framework={framework}
				offer={offer}
				faq={faq}
				signup={
					<SignupForm
						list="course"
						id="course-interest"
						schema="interest"
						lastResult={lastResult}
						honeypot={honeypot}
						submitLabel="Keep me posted"
						consent="We e-mail you when the course opens and about the pre-order. Unsubscribe any time."
					/>
				}
			/>
		</LeadLayout>
	)
}
