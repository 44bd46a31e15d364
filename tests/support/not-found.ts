/**
 * Reading an answer to compare it with an unknown path's (docs/decisions/102, 105): a page that
 * must not be seen answers exactly as a path that does not exist.
 */
export type Answer = { status: number; headers: [string, string][]; body: string }

/** The answer with `paths` (a path and its unknown twin) written `{path}`, per-request values out. */
export async function readAnswer(response: Response, ...paths: string[]): Promise<Answer> {
	let body = await response.text()
	const headers: [string, string][] = []
	for (const [name, value] of response.headers) {
		// Per request, whatever the path (docs/decisions/108).
		if (name === 'date' || name === 'x-request-id') continue
		headers.push([name, value.replace(/'nonce-[^']+'/g, "'nonce-*'")])
	}
	body = body.replace(/nonce="[^"]*"/g, 'nonce="*"')
	// As given, lower-cased (the canonical URL), without a trailing slash, and URL-encoded.
	const forms = paths.flatMap((path) => [path, path.toLowerCase(), path.replace(/(.)\/$/, '$1')])
	for (const form of forms.sort((a, b) => b.length - a.length))
		body = body.replaceAll(form, '{path}').replaceAll(encodeURIComponent(form), '{path}')
	return { status: response.status, headers, body }
}
