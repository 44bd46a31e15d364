/**
 * The sign-up routes parse the form and hand its value to the model (docs/decisions/065): an
 * invalid form never reaches the model, and the model's refusals (a workshop session, decision
 * 110; a token used for another address, decision 137) come back as the form's 400, beside the
 * field or the form as a schema's messages are, with the visitor's values kept.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { MESSAGES } from '~/forms/messages'
import { type HoneypotProps, honeypotProps } from '~/http/honeypot.server'
import { findLead } from '~/models/leads/leads.server'
import { mayUseFormToken } from '~/models/leads/signups.server'
import { leaveInProcess, useInProcess } from '../../../tests/support/in-process'
import {
	signupResponse,
	submitProfileForm,
	submitSignupForm,
	submitSurveyForm,
} from './signup-forms.shared.server'

/** The status and data of a route's answer: a redirect, or the form's data with its status. */
function answerOf(answer: ReturnType<typeof signupResponse>) {
	return 'init' in answer
		? { status: answer.init?.status ?? 200, data: answer.data }
		: { status: answer.status, data: undefined }
}

const opened = vi.hoisted(() => ({ database: undefined as Database | undefined }))

// The routes get the process's database; here it is the one this file opened.
vi.mock('~/db/client.server', async (importOriginal) => ({
	...(await importOriginal<typeof import('~/db/client.server')>()),
	getDb: async () => opened.database!.db,
}))

// No workshop session exists, so any session named is unknown; the sessions' own rules are
// app/models/events/workshop-signup.server.test.ts's.
vi.mock('~/content/site-content.server', () => ({
	findEvent: () => undefined,
	eventsOf: () => [],
	workshopTitle: () => 'The test workshop',
}))

const context = {
	origin: 'https://site.test',
	clientIp: '203.0.113.9',
	secure: false,
} as AppLoadContext

/** A form post as the page sends it: the fields and the page's honeypot. */
function post(fields: Record<string, string>, honeypot: HoneypotProps = honeypotProps()) {
	const body = new URLSearchParams({
		[honeypot.nameField]: '',
		[honeypot.validFromField]: honeypot.validFrom,
		...fields,
	})
	return new Request('https://site.test/workshop?index', { method: 'POST', body })
}

describe('sign-up routes: parsed in the route, refused in the form’s words', () => {
	beforeAll(async () => {
		useInProcess()
		opened.database = await openDatabase({})
		await prepareDatabase(opened.database)
	})
	afterAll(async () => {
		await opened.database?.close()
		leaveInProcess()
	})
	const db = () => opened.database!.db

	test('an invalid sign-up stores nothing and answers the field message for the form, its token unspent', async () => {
		const honeypot = honeypotProps()
		const outcome = await submitSignupForm(
			post({ email: 'not-an-address' }, honeypot),
			context,
			'workshop',
		)
		expect(outcome.status).toBe('invalid')
		expect(outcome.status === 'invalid' && outcome.reply.error).toEqual({ email: [MESSAGES.email] })
		expect(await findLead(db(), 'not-an-address', 'workshop')).toBeFalsy()
		// A submission refused for its values spends nothing (decision 137).
		expect(
			await mayUseFormToken(db(), honeypot.validFrom, 'signup:workshop', 'x@example.com'),
		).toBe(true)
		const answer = answerOf(signupResponse(outcome))
		expect(answer.status).toBe(400)
		expect(answer.data).toEqual(outcome.status === 'invalid' && outcome.reply)
	})

	test('a session the model refuses is said next to the session field; nothing is stored and the form keeps its input', async () => {
		const outcome = await submitSignupForm(
			post({ email: 'lin@example.com', firstName: 'Lin', session: 'no-such-session' }),
			context,
			'workshop',
		)
		expect(outcome.status).toBe('invalid')
		if (outcome.status !== 'invalid') return
		expect(outcome.reply.error).toEqual({ session: [MESSAGES.workshopSessionUnknown] })
		expect(outcome.reply.initialValue).toMatchObject({
			email: 'lin@example.com',
			firstName: 'Lin',
			session: 'no-such-session',
		})
		expect(await findLead(db(), 'lin@example.com', 'workshop')).toBeNull()
		expect(answerOf(signupResponse(outcome)).status).toBe(400)
	})

	test('a token used for another address is refused beside the form, the address kept as sent', async () => {
		const honeypot = honeypotProps()
		expect(
			await mayUseFormToken(db(), honeypot.validFrom, 'signup:course', 'first@example.com'),
		).toBe(true)
		const outcome = await submitSignupForm(
			post({ email: 'second@example.com' }, honeypot),
			context,
			'course',
		)
		expect(outcome.status).toBe('invalid')
		if (outcome.status !== 'invalid') return
		expect(outcome.reply.error).toEqual({ '': [MESSAGES.formAlreadySent] })
		expect(outcome.reply.initialValue).toMatchObject({ email: 'second@example.com' })
		expect(await findLead(db(), 'second@example.com', 'course')).toBeFalsy()
		expect(answerOf(signupResponse(outcome)).status).toBe(400)
	})

	test('the profile form answers the first SPEC §5 message and stores nothing when invalid', async () => {
		const outcome = await submitProfileForm(
			post({ firstName: 'A', email: 'grace@example.com' }),
			context,
		)
		expect(outcome.status === 'invalid' && outcome.reply.error).toEqual({
			firstName: [MESSAGES.firstNameShort],
		})
		expect(await findLead(db(), 'grace@example.com', 'onboarding')).toBeFalsy()
	})

	test('the survey needs a rating', async () => {
		const missing = await submitSurveyForm(post({ email: 'lin@example.com' }), context)
		expect(missing.status === 'invalid' && missing.reply.error).toEqual({
			rating: [MESSAGES.surveyRating],
		})
		expect(await findLead(db(), 'lin@example.com', 'insiders_survey')).toBeFalsy()
	})
})
