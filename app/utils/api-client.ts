/**
 * The generic API client (SPEC §7), for the browser and the server: GET, POST, PATCH, PUT,
 * DELETE against a base address from runtime config (API_BASE_URL; same origin by default).
 * POST, PATCH and PUT send a JSON body; GET and DELETE send query parameters. Accept and
 * Content-Type are JSON, plus the configured and per-call headers. Statuses go to the console.
 */

type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue | QueryValue[]>

export type CallOptions = {
	query?: Query
	headers?: Record<string, string>
	signal?: AbortSignal
}

export type ApiClientOptions = {
	/** Absolute base address; empty or null: relative URLs (same origin, browser only). */
	baseUrl?: string | null
	/** Sent with every call; per-call headers override them. */
	headers?: Record<string, string>
	fetch?: typeof fetch
	log?: (line: string) => void
}

export class ApiError extends Error {
	name = 'ApiError'
	constructor(
		readonly status: number,
		message: string,
		readonly data: unknown,
	) {
		super(message)
	}
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** `path` on `baseUrl` with the query appended; null and undefined values are left out. */
export function buildUrl(baseUrl: string | null | undefined, path: string, query?: Query): string {
	const base = (baseUrl ?? '').replace(/\/+$/, '')
	const url = /^https?:\/\//i.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query ?? {})) {
		for (const item of Array.isArray(value) ? value : [value]) {
			if (item !== null && item !== undefined) params.append(key, String(item))
		}
	}
	const search = params.toString()
	if (!search) return url
	return `${url}${url.includes('?') ? '&' : '?'}${search}`
}

async function readBody(response: Response): Promise<unknown> {
	if (response.status === 204) return undefined
	const text = await response.text()
	if (!text) return undefined
	if (/\bjson\b/i.test(response.headers.get('content-type') ?? '')) {
		try {
			return JSON.parse(text)
		} catch {
			return text
		}
	}
	return text
}

export function createApiClient({
	baseUrl,
	headers: configuredHeaders = {},
	fetch: fetchImpl = (...args) => fetch(...args),
	log = (line) => console.info(line),
}: ApiClientOptions = {}) {
	async function request<T>(
		method: Method,
		path: string,
		body: unknown,
		{ query, headers, signal }: CallOptions = {},
	): Promise<T> {
		const sendsBody = method === 'POST' || method === 'PATCH' || method === 'PUT'
		const url = buildUrl(baseUrl, path, sendsBody ? undefined : query)
		let response: Response
		try {
			response = await fetchImpl(url, {
				method,
				headers: {
					Accept: 'application/json',
					'Content-Type': 'application/json',
					...configuredHeaders,
					...headers,
				},
				body: sendsBody && body !== undefined ? JSON.stringify(body) : undefined,
				signal,
			})
		} catch (error) {
			log(`[api] ${method} ${path} failed: ${(error as Error).message}`)
			throw error
		}
		log(`[api] ${method} ${path} ${response.status}`)
		const data = await readBody(response)
		if (!response.ok) {
			const message =
				data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
					? data.error
					: `${method} ${path} answered ${response.status}`
			throw new ApiError(response.status, message, data)
		}
		return data as T
	}

	return {
		get: <T>(path: string, options?: CallOptions) => request<T>('GET', path, undefined, options),
		delete: <T>(path: string, options?: CallOptions) =>
			request<T>('DELETE', path, undefined, options),
		post: <T>(path: string, body?: unknown, options?: CallOptions) =>
			request<T>('POST', path, body, options),
		patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
			request<T>('PATCH', path, body, options),
		put: <T>(path: string, body?: unknown, options?: CallOptions) =>
			request<T>('PUT', path, body, options),
	}
}

export type ApiClient = ReturnType<typeof createApiClient>
