import { getFormProps } from '@conform-to/react'
import type {
	ActionFunctionArgs,
	LoaderFunctionArgs,
	MetaFunction,
	SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { ProfileCard, SignInWithGitHubButton } from '~/components/github-sign-in'
import { HoneypotFields } from '~/components/honeypot-fields'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getPublicConfig } from '~/config.server'
import type { Locale } from '~/domain/locale'
import { useValidatedForm } from '~/forms/use-form-validator'
import { pageHoneypot } from '~/http/honeypot.server'
import { getProfile, storeProfile } from '~/http/session.server'
import { hasProfile } from '~/models/leads/profile'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { signupResponse, submitProfileForm } from './signup-forms.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decisions 175, 178). */
const COPY = {
	'en-US': {
		title: 'Welcome aboard',
		lead: 'Tell us a little about yourself so we can set up your course profile.',
		saved: 'Your profile is saved.',
		fromGitHub: 'Fill in your profile from your GitHub account:',
		update: 'Update your profile',
		yourself: 'Or fill it in yourself',
		firstName: 'First name',
		lastName: 'Last name',
		email: 'E-mail address',
		avatar: 'Avatar URL',
		avatarHint: 'A link to a picture of you, starting with https://',
		save: 'Save profile',
	},
	'de-DE': {
		title: 'Willkommen an Bord',
		lead: 'Erzählen Sie uns ein wenig über sich, damit wir Ihr Kursprofil anlegen können.',
		saved: 'Ihr Profil ist gespeichert.',
		fromGitHub: 'Füllen Sie Ihr Profil mit Ihrem GitHub-Konto aus:',
		update: 'Ihr Profil ändern',
		yourself: 'Oder füllen Sie es selbst aus',
		firstName: 'Vorname',
		lastName: 'Nachname',
		email: 'E-Mail-Adresse',
		avatar: 'Adresse Ihres Profilbilds',
		avatarHint: 'Ein Link zu einem Bild von Ihnen, beginnend mit https://',
		save: 'Profil speichern',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return {
		profile: hasProfile(profile) ? profile : null,
		signInWithGitHub: getPublicConfig().GITHUB_SIGN_IN,
		saved: new URL(request.url).searchParams.has('saved'),
		oneClick: readOneClickLink(new URL(request.url)),
		honeypot: pageHoneypot(context),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitProfileForm(request, context)
	const setCookie =
		outcome.status === 'ok' ? await storeProfile(request, context, outcome.profile) : undefined
	return signupResponse(outcome, setCookie)
}

export default function Page() {
	const { profile, signInWithGitHub, saved, oneClick, honeypot } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	const here = localePath('/onboarding', locale)
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			{saved ? (
				<p role="status" className="mb-6 font-medium text-emerald-700 dark:text-emerald-400">
					{copy.saved}
				</p>
			) : null}
			{profile ? (
				<ProfileCard profile={profile} returnTo={here} />
			) : signInWithGitHub ? (
				<div className="space-y-3">
					<p className="text-slate-700 dark:text-slate-300">{copy.fromGitHub}</p>
					<SignInWithGitHubButton returnTo={here} />
				</div>
			) : null}
			<section aria-labelledby="profile-form-heading" className="mt-10">
				<h2 id="profile-form-heading" className="mb-4 text-xl font-semibold">
					{profile ? copy.update : copy.yourself}
				</h2>
				{/* Keyed by the stored profile: after a save the form starts again from it. */}
				<ProfileForm key={JSON.stringify(profile)} profile={profile} honeypot={honeypot} />
			</section>
		</LeadLayout>
	)
}

function ProfileForm({
	profile,
	honeypot,
}: {
	profile: SerializeFrom<typeof loader>['profile']
	honeypot: SerializeFrom<typeof loader>['honeypot']
}) {
	const lastResult = useActionData<typeof action>()
	const copy = COPY[useLocale()]
	const [form, fields] = useValidatedForm('onboarding', {
		id: 'onboarding-profile',
		lastResult,
		defaultValue: {
			firstName: profile?.firstName ?? '',
			lastName: profile?.lastName ?? '',
			email: profile?.email ?? '',
			avatar: profile?.avatar ?? '',
		},
	})
	return (
		<Form method="post" {...getFormProps(form)} className="max-w-md space-y-2">
			<HoneypotFields honeypot={honeypot} />
			<Field
				meta={fields.firstName}
				label={copy.firstName}
				inputProps={{ autoComplete: 'given-name' }}
			/>
			<Field
				meta={fields.lastName}
				label={copy.lastName}
				inputProps={{ autoComplete: 'family-name' }}
			/>
			<Field
				meta={fields.email}
				label={copy.email}
				type="email"
				inputProps={{ autoComplete: 'email' }}
			/>
			<Field meta={fields.avatar} label={copy.avatar} type="url" hint={copy.avatarHint} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<SubmitButton>{copy.save}</SubmitButton>
		</Form>
	)
}
