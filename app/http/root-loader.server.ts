/**
 * The root route's loader (app/root.tsx): what every page needs from the server. Here, under the
 * components, so that `useRootData` types its data without importing the root route.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { getConfig, getPublicConfig, paymentProviderName } from '~/config.server'
import { BUILD_VERSION } from '~/http/build-version.server'
import { rootCacheControl } from '~/http/cache-control.server'
import { getColorMode, hasBetaFlag } from '~/http/cookies.server'
import { getPreview, previewRedirect } from '~/http/preview.server'
import { getProfile } from '~/http/session.server'
import { readToast } from '~/http/toast.server'
import { bankTransferAccount } from '~/models/transfers/settings.server'
import { localeOfPath } from '~/utils/i18n'

export async function rootLoader({ request, context }: LoaderFunctionArgs) {
	// ?preview=true|false stores or clears the preview cookie, then drops the parameter (SPEC §2).
	const toPreview = await previewRedirect(request, context)
	if (toPreview) throw toPreview
	// A toast raised by the last action (flash cookie): shown once, then cleared.
	const { toast, headers } = await readToast(request, context)
	const profile = await getProfile(request, context)
	const preview = await getPreview(request)
	// A page with this visitor's own data is private (docs/decisions/068).
	const responseHeaders = new Headers(headers ?? undefined)
	for (const [name, value] of Object.entries(
		rootCacheControl({ profile, toast: headers !== null, preview }),
	))
		responseHeaders.set(name, value)
	return data(
		{
			origin: context.origin,
			colorMode: getColorMode(request),
			// The footer's legal links: released sites, or testers with the beta cookie (SPEC §2, §6).
			showLegalLinks: getConfig().SITE_STATUS === 'released' || hasBetaFlag(request),
			config: getPublicConfig(),
			// The buy forms' "Pay by bank transfer (invoice)" (decision 163): with Stripe, whose page
			// has no such choice; the sandbox's own payment page offers it beside the card.
			payByTransferOnBuyForm:
				paymentProviderName(getConfig()) === 'stripe' && bankTransferAccount() !== null,
			preview,
			toast,
			// The page's language is its URL's (/de/...: German, docs/decisions/173).
			locale: localeOfPath(new URL(request.url).pathname),
			// Analytics identify a visitor by e-mail once it is known (SPEC §7): from their profile.
			knownEmail: profile?.email ?? null,
			// The build this page was rendered by, for the hourly check (utils/build-update.ts).
			buildVersion: BUILD_VERSION,
		},
		{ headers: responseHeaders },
	)
}
