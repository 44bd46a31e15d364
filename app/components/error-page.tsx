import { Form, isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { useLocale } from '~/components/use-locale'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { messageIn } from '~/forms/messages'
import { localePath, t } from '~/utils/i18n'
import { statusText } from '~/utils/responses'

/** A 404's message names the path (utils/responses.ts): its words in the page's language. */
const PAGE_NOT_FOUND = /^Page not found: /i

/** What the generic error page shows for an error (SPEC §2), in the page's language. */
export function describeError(error: unknown, locale: Locale = DEFAULT_LOCALE) {
	const described = describeInEnglish(error)
	if (locale === DEFAULT_LOCALE) return described
	const { statusCode, message } = described
	return {
		statusCode,
		statusMessage: statusText(statusCode, locale),
		message:
			message === undefined || PAGE_NOT_FOUND.test(message)
				? message?.replace(PAGE_NOT_FOUND, `${t('pageNotFound', locale)}: `)
				: messageIn(message, locale),
	}
}

function describeInEnglish(error: unknown) {
	if (isRouteErrorResponse(error)) {
		const statusMessage = error.statusText || statusText(error.status)
		const message = typeof error.data === 'string' ? error.data : (error.data?.message as unknown)
		return {
			statusCode: error.status,
			statusMessage,
			message: typeof message === 'string' && message !== statusMessage ? message : undefined,
		}
	}
	const statusMessage = statusText(500)
	const message = error instanceof Error ? error.message : undefined
	return {
		statusCode: 500,
		statusMessage,
		message: message !== statusMessage ? message : undefined,
	}
}

/**
 * The generic error page's content: status code, status message, the message when it says more,
 * and a way home. Shown in the lead layout by components/error-boundary.tsx.
 */
export function ErrorPage() {
	const locale = useLocale()
	const { statusCode, statusMessage, message } = describeError(useRouteError(), locale)
	return (
		<div className="py-16 text-center">
			<p className="text-6xl font-bold text-indigo-600 dark:text-indigo-400">{statusCode}</p>
			<h1 className="mt-4 text-2xl font-semibold">{statusMessage}</h1>
			{message ? <p className="mt-2 text-slate-700 dark:text-slate-300">{message}</p> : null}
			{/* A full navigation home clears the error, with or without JavaScript. */}
			<Form method="get" action={localePath('/', locale)} reloadDocument className="mt-8">
				<button
					type="submit"
					className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-500"
				>
					{t('backToHome', locale)}
				</button>
			</Form>
		</div>
	)
}
