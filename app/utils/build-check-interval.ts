/**
 * How often the browser asks whether a new build is out (SPEC §9). Apart from the check's code
 * (utils/build-update.ts), which the page loads only when the first check is due.
 */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000
