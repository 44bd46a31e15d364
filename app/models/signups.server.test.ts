import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import type { AttributionFacts } from '~/domain/attribution'
import { MESSAGES } from '~/forms/messages'
import { prepareDatabase } from '~/models/prepare-database.server'
import { findLead } from './leads.server'
import { EMPTY_PROFILE } from './profile'
import { submitProfile, submitSignup, submitSurvey } from './signups.server'

const attribution: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }

const form = (fields: Record<string, string>) => {
	const formData = new FormData()
	for (const [name, value] of Object.entries(fields)) formData.append(name, value)
	return formData
}

describe('sign-up forms: the model answers what happened, the route builds the response', () => {
	let database: Database
	beforeAll(async () => {
		database = await openDatabase({})
		await prepareDatabase(database)
	})
	afterAll(() => database?.close())

	test('an invalid sign-up stores nothing and answers the field message for the form', async () => {
		const outcome = await submitSignup(database.db, {
			formData: form({ email: 'not-an-address' }),
			list: 'workshop',
			attribution,
			origin: 'http://localhost',
		})
		expect(outcome.status).toBe('invalid')
		expect(outcome.status === 'invalid' && outcome.reply.error).toEqual({ email: [MESSAGES.email] })
		expect(await findLead(database.db, 'not-an-address', 'workshop')).toBeFalsy()
	})

	test('a valid course-interest sign-up is stored, normalised, and lands on /enrolled', async () => {
		const input = {
			formData: form({ email: ' Ada@Example.com ' }),
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

	test('the profile form answers the first SPEC §5 message and stores nothing when invalid', async () => {
		const outcome = await submitProfile(database.db, {
			formData: form({ firstName: 'A', email: 'grace@example.com' }),
			current: EMPTY_PROFILE,
			attribution,
		})
		expect(outcome.status === 'invalid' && outcome.reply.error).toEqual({
			firstName: [MESSAGES.firstNameShort],
		})
		expect(await findLead(database.db, 'grace@example.com', 'onboarding')).toBeFalsy()
	})

	test('a valid profile comes back normalised for the session, and the address joins the onboarding list', async () => {
		const outcome = await submitProfile(database.db, {
			formData: form({ firstName: '  grace ', lastName: 'hopper', email: 'grace@example.com' }),
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

	test('the survey needs a rating; with one it thanks the insider', async () => {
		const missing = await submitSurvey(database.db, {
			formData: form({ email: 'lin@example.com' }),
			attribution,
		})
		expect(missing.status === 'invalid' && missing.reply.error).toEqual({
			rating: [MESSAGES.surveyRating],
		})
		const answered = await submitSurvey(database.db, {
			formData: form({ email: 'lin@example.com', rating: '4' }),
			attribution,
		})
		expect(answered).toEqual({ status: 'ok', redirectTo: '/post-insiders-survey?thanks=1' })
		expect(await findLead(database.db, 'lin@example.com', 'insiders_survey')).toBeTruthy()
	})
})
