import { BUILD_VERSION } from '~/http/build-version.server'

/**
 * The running build's version, for the hourly check of a page left open (utils/build-update.ts,
 * docs/decisions/143). Never kept by any cache: the next deploy must be seen at once.
 */
export function loader() {
	return Response.json({ version: BUILD_VERSION }, { headers: { 'Cache-Control': 'no-store' } })
}
