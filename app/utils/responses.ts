import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'

/** Responses thrown by guards, so a loader's happy path reads straight down (STYLE.md). */

/** Route validation's 404 (SPEC §5): a known route, but nothing at this address. */
export function notFound(pathname: string): Response {
	return new Response(`Page Not Found: ${pathname}`, { status: 404, statusText: 'Not Found' })
}

/** An unknown path's 404 (SPEC §8), also what a page that must not be seen answers. */
export function pathNotFound(pathname: string): Response {
	return new Response(`Page not found: ${pathname}`, { status: 404, statusText: 'Not Found' })
}

export function requireFound<T>(value: T | null | undefined, pathname: string): T {
	if (value == null) throw notFound(pathname)
	return value
}

const statusTexts: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	409: 'Conflict',
	413: 'Payload Too Large',
	422: 'Unprocessable Content',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
}

/** The same in German, for the error page under /de (decision 175). */
const germanStatusTexts: Record<number, string> = {
	400: 'Ungültige Anfrage',
	401: 'Nicht angemeldet',
	403: 'Zugriff verweigert',
	404: 'Nicht gefunden',
	405: 'Methode nicht erlaubt',
	409: 'Konflikt',
	413: 'Anfrage zu groß',
	422: 'Eingabe nicht verarbeitbar',
	429: 'Zu viele Anfragen',
	500: 'Interner Serverfehler',
	502: 'Fehlerhaftes Gateway',
	503: 'Dienst nicht verfügbar',
}

export function statusText(status: number, locale: Locale = DEFAULT_LOCALE): string {
	if (locale === 'de-DE')
		return germanStatusTexts[status] ?? (status >= 500 ? 'Serverfehler' : 'Fehler')
	return statusTexts[status] ?? (status >= 500 ? 'Server Error' : 'Error')
}

/**
 * The submitted form, or a 400 thrown at once when the body is not a readable form (a JSON or
 * garbled body posted to a page): bad input gets a clear 4xx, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
	try {
		return await request.formData()
	} catch {
		throw new Response('Bad Request: the form could not be read', {
			status: 400,
			statusText: 'Bad Request',
		})
	}
}
