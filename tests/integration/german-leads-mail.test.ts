/**
 * A lead's remaining e-mails in the language signed up in (issue 38 item 2, docs/decisions/177):
 * the course interest's confirmation for a sign-up on a German page arrives in German at the
 * SMTP peer, its release date German and its links under /de; an English sign-up's is
 * unchanged. In this process, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { eventsOf } from '~/content/site-content.server'
import type { Locale } from '~/domain/locale'
import { signUp } from '~/models/leads/leads.server'
import { readableMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'

const ORIGIN = 'https://site.test'
const ENV = { SITE_URL: ORIGIN }
const direct = { partnerKey: null, referralUrl: null, marketing: {} }

describe.each(databaseBackends)(
	'a lead’s remaining e-mails in their language on $name',
	(backend) => {
		const suite = smtpInProcessSuite(backend, { env: ENV })
		const db = () => suite.database.db

		beforeEach(() => {
			useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		})

		const interested = async (email: string, locale: Locale) => {
			await signUp(db(), {
				email,
				list: 'course',
				firstName: 'Grete',
				attribution: direct,
				origin: ORIGIN,
				locale,
			})
			await drainJobs(suite.database)
			const [mail] = await suite.smtp.waitFor(email)
			return readableMail(mail!.raw)
		}

		test('the course interest’s confirmation of a German sign-up is German, its links under /de; an English one’s unchanged', async () => {
			const german = await interested('kurs@example.com', 'de-DE')
			expect(german).toContain('Hallo Grete,')
			expect(german).toContain('Sie stehen auf der Liste für AI Driven Dev.')
			expect(german).toContain('Wir schreiben, wenn der Kurs öffnet')
			expect(german).toContain(`${ORIGIN}/de/blog`)
			expect(german).not.toContain("You're on the list")
			const english = await interested('course@example.com', 'en-US')
			expect(english).toContain("You're on the list for AI Driven Dev.")
			expect(english).toContain('We write when the course opens')
			expect(english).not.toContain('/de/')
		})

		test('a German lead who signs up again for another workshop session gets the move offer in German, its link to /de/workshop/move; an English one in English', async () => {
			const [first, second] = eventsOf('workshop')
			const moveOffer = async (email: string, locale: Locale) => {
				const sign = (session: string) =>
					signUp(db(), {
						email,
						list: 'workshop',
						firstName: 'Grete',
						attribution: direct,
						origin: ORIGIN,
						locale,
						workshopSession: session,
					})
				await sign(first!.id)
				await sign(second!.id)
				await drainJobs(suite.database)
				const mails = (await suite.smtp.waitFor(email, 2)).map((mail) => readableMail(mail.raw))
				return mails.find((text) => text.includes('/workshop/move?token=')) ?? ''
			}
			const german = await moveOffer('umzug@example.com', 'de-DE')
			expect(german).toContain('Sie sind schon für')
			expect(german).toContain('Möchten Sie zu')
			expect(german).toContain(`${ORIGIN}/de/workshop/move?token=`)
			expect(german).toContain('Der Link gilt bis')
			expect(german).not.toContain('You are already signed up')
			const english = await moveOffer('move@example.com', 'en-US')
			expect(english).toContain('You are already signed up for')
			expect(english).toContain(`${ORIGIN}/workshop/move?token=`)
		})
	},
)
