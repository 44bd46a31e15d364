import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import type { AttributionFacts } from '~/domain/attribution'
import { MESSAGES } from '~/forms/messages'
import { findLead } from './leads.server'
import { EMPTY_PROFILE } from './profile'
import { submitProfile, submitSignup, submitSurvey } from './signups.server'

const attribution: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }

describe('sign-up forms: the model takes parsed values and answers what happened, the route builds the response', () => {
	let database: Database
	beforeAll(async () => {
		database = await openDatabase({})
		await prepareDatabase(database)
	})
	afterAll(() => database?.close())

	test('a valid course-interest sign-up is stored, normalised, and lands on /enrolled', async () => {
		const input = {
			value: { email: 'Ada@Example.com' },
			list: 'course' as const,
			attribution,
			origin: 'http://localhost',
		}
		expect(await submitSignup(database.db, input)).toEqual({
			status: 'ok',
			redirectTo: '/enrolled',
		})
		expect(await findLead(database.db, 'ada@example.com', 'course')).toBeTruthy()
	})

	test('a profile value SPEC §5 refuses is refused with its message for the whole form, and nothing is stored', async () => {
		const outcome = await submitProfile(database.db, {
			value: { firstName: 'A', email: 'grace.refused@example.com' },
			current: EMPTY_PROFILE,
			attribution,
		})
		expect(outcome).toEqual({ status: 'refused', formErrors: [MESSAGES.firstNameShort] })
		expect(await findLead(database.db, 'grace.refused@example.com', 'onboarding')).toBeFalsy()
	})

	test('a valid profile comes back normalised for the session, and the address joins the onboarding list', async () => {
		const outcome = await submitProfile(database.db, {
			value: { firstName: 'grace', lastName: 'hopper', email: 'grace@example.com' },
			current: { ...EMPTY_PROFILE, github_username: 'ghopper' },
			attribution,
		})
		expect(outcome).toMatchObject({
			status: 'ok',
			redirectTo: '/onboarding?saved=1',
			profile: { firstName: 'Grace', lastName: 'Hopper', github_username: 'ghopper' },
		})
		expect(await findLead(database.db, 'grace@example.com', 'onboarding')).toBeTruthy()
	})

	test('a rated survey thanks the insider, who joins the insiders list', async () => {
		const answered = await submitSurvey(database.db, {
			value: { email: 'lin@example.com', rating: 4, mayQuote: false },
			attribution,
		})
		expect(answered).toEqual({ status: 'ok', redirectTo: '/post-insiders-survey?thanks=1' })
		expect(await findLead(database.db, 'lin@example.com', 'insiders_survey')).toBeTruthy()
	})
})
