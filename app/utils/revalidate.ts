import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * Single fetch leaves a page's data as it was after an action answered 4xx or 5xx
 * (docs/decisions/143). Our refusals change what the page must show — a form's fresh one-use
 * token (decision 137), a seat claimed meanwhile, the step-up a refused post needs — so every
 * page loads its data again after any action, as Remix did before single fetch. A route's own
 * reasons not to reload (none today) would go here too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	actionStatus,
	defaultShouldRevalidate,
}) => (actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate)
