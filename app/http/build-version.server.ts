/**
 * The running build's version (docs/decisions/143): one value per `npm run build`, written into
 * the server bundle by vite.config.ts, so every server started from the same build says the
 * same. The root loader puts it into each page; /build-version answers it to the hourly check.
 * Outside a build (unit tests) there is none to compare, and the check never says "newer".
 */
declare const __BUILD_VERSION__: string | undefined

export const BUILD_VERSION: string =
	typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : 'unbuilt'
