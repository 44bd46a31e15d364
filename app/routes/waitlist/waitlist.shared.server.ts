/**
 * Joining a waiting list (docs/decisions/120), shared by the form's page (/waitlist) and the
 * JSON API (/api/waitlist): the same schema, the same region rule as a checkout, the same model.
 */
import type { SubmissionResult } from '@conform-to/react'
import type { AppLoadContext } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { geoQuery } from '~/http/api.server'
import { CheckoutError, regionAllowed } from '~/models/checkout/index.server'
import { getPricingTable } from '~/models/course/catalog.server'
import { getCountryInfo } from '~/models/course/country.server'
import { mayUseFormToken } from '~/models/leads/signups.server'
import { joinWaitlist, WaitlistRefusal } from '~/models/waitlist/entries.server'
import { localeOfPath } from '~/utils/i18n'

export type JoinOutcome = { joined: true } | { status: number; reply: SubmissionResult<string[]> }

export async function submitWaitlistJoin(
	request: Request,
	context: AppLoadContext,
	data: FormData,
	/** The form page's honeypot token, good for one submission (decision 137); none from the API. */
	formToken?: string,
): Promise<JoinOutcome> {
	const submission = parseForm('waitlistJoin', data, { maxQuantity: getConfig().MAX_QUANTITY })
	if (submission.status !== 'success') return { status: 400, reply: submission.reply() }
	const { region } = submission.value
	const db = await getDb()
	// Never another country's discount, as at checkout: the offer is priced in this region.
	const table = await getPricingTable(db)
	const country = await getCountryInfo(db, geoQuery(request, context))
	if (
		!table.regions.some((known) => known.name === region) ||
		!regionAllowed(region, country.details.region)
	)
		return {
			status: 403,
			reply: submission.reply({
				fieldErrors: { region: ['That price is not available in your country'] },
			}),
		}
	if (!(await mayUseFormToken(db, formToken, 'waitlist', submission.value.email)))
		return { status: 400, reply: submission.reply({ formErrors: [MESSAGES.formAlreadySent] }) }
	try {
		// The network the request came from, as a checkout's: its caps and hold allowance (130).
		// The page's language (its URL's: /de/waitlist), the offer's (decision 174); the API's English.
		await joinWaitlist(db, {
			...submission.value,
			clientIp: context.clientIp,
			locale: localeOfPath(new URL(request.url).pathname),
		})
	} catch (error) {
		if (error instanceof WaitlistRefusal)
			return {
				status: error.status,
				reply:
					error.reason === 'on-sale'
						? submission.reply({ formErrors: [error.message] })
						: submission.reply({ fieldErrors: { quantity: [error.message] } }),
			}
		if (!(error instanceof CheckoutError)) throw error
		return {
			status: error.status,
			reply: submission.reply({ fieldErrors: { code: ['That product is not on sale'] } }),
		}
	}
	return { joined: true }
}
