/**
 * Words that agree (issue 25, item 9): every sentence of a page, an e-mail or the content that
 * promises a message ("we e-mail you…", "… is on its way") is listed here with the test that
 * proves the system sends it. A new promise fails this test until it names its proof; a proof
 * renamed or removed fails it too; so does a listed promise whose words are gone.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

/** Where pages, e-mails and content say what we will send. */
const SOURCES = [
	'app/routes',
	'app/components',
	'app/integrations/email/templates.tsx',
	'app/integrations/email/templates-orders.de.tsx',
	'app/integrations/email/templates-money.de.tsx',
	'app/integrations/email/templates-leads.de.tsx',
	'app/integrations/email/templates-passes.de.tsx',
	'app/integrations/email/templates-payments.de.tsx',
	'app/integrations/email/templates-after-event.de.tsx',
	'app/integrations/email/templates-course.de.tsx',
	'app/db/seed-data.ts',
	'app/domain/course-status.ts',
	'app/domain/delayed-payment.ts',
	'content',
]

/** A sentence that promises a message (the recordings afterwards are one: decision 159). */
const PROMISE =
	/\b(?:we(?:'ll| will)? (?:e-mail|email|write|send)\b|on (?:its|their) way\b|check your inbox\b|recordings? afterwards\b|wir (?:schicken|schreiben|senden)\b|sehen Sie in Ihr Postfach\b|kommen per E-Mail\b|ist unterwegs\b)[^.'"`<]{0,100}/gi

type Proof = readonly [testFile: string, title: string]

/** Each promise, by file and words, and the test that proves it is kept. */
const PROMISES: { file: string; says: string; proof: Proof }[] = [
	// The German joining and waiting-list pages make the English ones' promises (decision 178).
	{
		file: 'app/routes/workshop/join.tsx',
		says: 'Wir schicken Ihnen nach dem Ende eine Teilnahmebescheinigung per E-Mail',
		proof: [
			'tests/integration/certificates.test.ts',
			'a pass holder who opened the joining link during the day gets one certificate',
		],
	},
	{
		file: 'app/routes/waitlist/waitlist_.confirm.$token.tsx',
		says: 'Wir schicken Ihnen dann einen neuen Link',
		proof: [
			'tests/integration/waitlist.test.ts',
			'a second join for a waiting address changes nothing',
		],
	},
	{
		file: 'app/routes/waitlist/waitlist_.confirm.$token.tsx',
		says: 'Wir schicken Ihnen einen Link, der sie für Sie hält',
		proof: ['tests/integration/waitlist.test.ts', 'by e-mail with a signed link'],
	},
	// The German checkout and account pages (decisions 176, 178) under the wider German pattern
	// (decision 177): the English pages' promises, their proofs.
	{
		file: 'app/routes/account/email-preferences.tsx',
		says: 'Wir schicken dieser Adresse keine Nachrichten des Kursteams und keine Neuigkeiten',
		proof: [
			'tests/integration/bulk-send.test.ts',
			'an address that unsubscribes while the send waits is passed over',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'ist unterwegs an',
		proof: ['tests/integration/tell-people.test.ts', 'without SITE_URL a receipt carries'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'Wir schicken jedem Platzinhaber seinen Zugang',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/routes/checkout/checkout.processing/words.ts',
		says: 'ist unterwegs',
		proof: ['tests/integration/coupon-payments.test.ts', 'one per buyer: the same mailbox paying'],
	},
	{
		file: 'app/routes/checkout/checkout.success.tsx',
		says: 'ist unterwegs',
		proof: ['tests/integration/tell-people.test.ts', 'a course receipt talks about seats'],
	},
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'ist unterwegs an die Adresse, die Sie angegeben haben',
		proof: ['tests/integration/signups.test.ts', 'course interest: the confirmation'],
	},
	{
		file: 'app/components/payment-on-its-way.tsx',
		says: 'ist unterwegs',
		proof: [
			'tests/integration/delayed-payments-pages.test.ts',
			'completed unpaid: the processing page and the owner’s order page say the payment is on its way',
		],
	},
	// The German pass pages (decision 177), and the German promises the wider pattern found
	// ("wir schicken …" to anyone, "… ist unterwegs"): the English ones' messages, their proofs.
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'wir schicken ihr jetzt eine Bestätigung und innerhalb weniger Minuten ihren Zugang',
		proof: [
			'tests/integration/course-opening.test.ts',
			'a seat claimed after the opening brings its holder their access',
		],
	},
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'Wir schicken ihr eine Bestätigung und ihren Zugang, wenn der Kurs öffnet',
		proof: ['tests/integration/seats.test.ts', 'its holder gets a confirmation about the course'],
	},
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'Wir schicken ihr eine Bestätigung mit dem Datum und der Kalenderdatei',
		proof: ['tests/integration/german-pass-pages.test.ts', 'with a German confirmation'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'ist unterwegs an die Adresse, die beim Einlösen angegeben wurde',
		proof: ['tests/integration/german-pass-pages.test.ts', 'with a German confirmation'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'Wir schicken den Zugang an diese Adresse',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'Wir schicken dieser Adresse eine Erinnerung mit dem Link zur Teilnahme',
		proof: [
			'tests/integration/event-reminders.test.ts',
			'a holder who claimed their pass on its German page gets both reminders in German',
		],
	},
	{
		file: 'app/components/gift-fields.tsx',
		says: 'Wir senden der beschenkten Person ihren Link an diesem Morgen',
		proof: [
			'tests/integration/gift.test.ts',
			'the recipient gets the link on the day, by a queued job, after a restart',
		],
	},
	{
		file: 'app/components/waitlist-form.tsx',
		says: 'wir schreiben nur dazu',
		proof: ['tests/integration/waitlist.test.ts', 'by e-mail with a signed link'],
	},
	{
		file: 'app/integrations/email/templates-orders.de.tsx',
		says: 'Wir schicken Ihren Zugang innerhalb weniger Minuten an diese Adresse',
		proof: [
			'tests/integration/course-opening.test.ts',
			'a seat claimed after the opening brings its holder their access',
		],
	},
	{
		file: 'app/integrations/email/templates-payments.de.tsx',
		says: 'ist unterwegs',
		proof: ['tests/integration/german-money-mail.test.ts', 'a German SEPA payment: on its way'],
	},
	{
		file: 'app/domain/delayed-payment.ts',
		says: 'wir schicken Ihnen die Quittung mit der Rechnung',
		proof: [
			'tests/integration/german-money-mail.test.ts',
			'a German SEPA payment whose money comes is paid with a German receipt',
		],
	},
	{
		file: 'app/domain/delayed-payment.ts',
		says: 'wir schicken Ihnen einen Link, um stattdessen mit Karte zu bezahlen',
		proof: ['tests/integration/german-money-mail.test.ts', 'then refused, both in German'],
	},
	{
		file: 'app/integrations/email/templates-course.de.tsx',
		says: 'Wir schreiben ab und zu mit Neuigkeiten zum Kurs',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/integrations/email/templates-course.de.tsx',
		says: 'Wir schreiben, wenn der Kurs öffnet',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/integrations/email/templates-orders.de.tsx',
		says: 'Wir schicken den',
		proof: ['tests/integration/gift.test.ts', 'a gift for today leaves at once'],
	},
	// The German pages' promises (decision 175): the same messages, in German where they are.
	{
		file: 'app/components/day-words.ts',
		says: 'wir schicken Ihnen einen Link, mit dem Sie die Anmeldung abschließen',
		proof: [
			'tests/integration/german.test.ts',
			'a German registration for the day gets its confirmation e-mail in German',
		],
	},
	{
		file: 'app/components/day-words.ts',
		says: 'Wir schicken Ihnen einen Link zum Abschließen der Anmeldung, danach Neuigkeiten zum Tag',
		proof: [
			'tests/integration/german.test.ts',
			'a German registration for the day gets its confirmation e-mail in German',
		],
	},
	{
		file: 'app/routes/day/ai-driven-development-day.enrolled.tsx',
		says: 'Sehen Sie in Ihr Postfach',
		proof: [
			'tests/integration/german.test.ts',
			'a German registration for the day gets its confirmation e-mail in German',
		],
	},
	{
		file: 'app/components/course-landing.tsx',
		says: 'Wir schreiben Ihnen ab und zu Neuigkeiten zum Kurs',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/components/course-landing.tsx',
		says: 'Wir schreiben Ihnen, wenn der Kurs öffnet, und ab und zu Neuigkeiten dazu',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/components/waitlist-form.tsx',
		says: 'Wir schicken Ihnen einen Link, mit dem Sie Ihre Adresse bestätigen: Ab dann zählt Ihr Platz',
		proof: ['tests/integration/waitlist.test.ts', 'an entry not confirmed has no place'],
	},
	// A seat as a gift: its link reaches the recipient on the day the buyer chose (decision 166).
	{
		file: 'app/components/gift-fields.tsx',
		says: 'We e-mail the recipient their link that morning (today: at once)',
		proof: [
			'tests/integration/gift.test.ts',
			'the recipient gets the link on the day, by a queued job, after a restart',
		],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail them the link to',
		proof: ['tests/integration/gift.test.ts', 'a gift for today leaves at once'],
	},
	// The upgrade credit's link, to the address holding the pass (decision 165).
	{
		file: 'app/routes/checkout/upgrade._index.tsx',
		says: 'we send it a link to buy the course with the credit',
		proof: [
			'tests/integration/upgrade-credit.test.ts',
			'a holder asks for the credit and gets a link at their mailbox',
		],
	},
	// Workshop: the confirmation, then reminders with the joining link (decisions 110, 116).
	{
		file: 'app/routes/workshop/workshop._index.tsx',
		says: 'we e-mail you a reminder with your joining link the day before and an hour before',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	{
		file: 'app/routes/workshop/workshop._index.tsx',
		says: 'We e-mail you about the workshop and, now and then, the course',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	// The place is held until the confirmation's link is followed (decision 131).
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'Check your inbox: your seat in',
		proof: [
			'app/models/events/workshop-signup.server.test.ts',
			'the confirmation of a form sign-up carries the link that confirms the place',
		],
	},
	// After the workshop: the follow-up the owner fills in with its link (decision 157).
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'We e-mail you the recording and the code of the live build',
		proof: [
			'tests/integration/workshop-follow-ups.test.ts',
			'each person signed up for it gets the follow-up with the link, once',
		],
	},
	// A German buyer's receipt makes the English one's promises (decision 174).
	{
		file: 'app/integrations/email/templates-orders.de.tsx',
		says: 'Wir schicken Ihnen Ihren Zugang innerhalb weniger Minuten, allen anderen ihren',
		proof: [
			'tests/integration/course-opening.test.ts',
			'bought after the opening: the receipt says access now',
		],
	},
	// The German workshop pages and confirmation make the English ones' promises (decision 173).
	{
		file: 'app/routes/workshop/workshop._index.tsx',
		says: 'wir schicken Ihnen am Tag vorher und eine Stunde vorher eine Erinnerung',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	{
		file: 'app/routes/workshop/workshop._index.tsx',
		says: 'Wir schreiben Ihnen zum Workshop und ab und zu zum Kurs',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/routes/workshop/workshop._index.tsx',
		says: 'kommen per E-Mail',
		proof: [
			'tests/integration/german.test.ts',
			'a German sign-up lands on the German answer page and gets its e-mail and calendar text in German',
		],
	},
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'Sehen Sie in Ihr Postfach: Ihr Platz in',
		proof: [
			'tests/integration/german.test.ts',
			'a German sign-up lands on the German answer page and gets its e-mail and calendar text in German',
		],
	},
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'Wir schicken Ihnen eine Erinnerung mit Ihrem Link zur Teilnahme',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'Wir schicken Ihnen die Aufzeichnung und den Code der Live-Session',
		proof: [
			'tests/integration/workshop-follow-ups.test.ts',
			'each person signed up for it gets the follow-up with the link, once',
		],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'Wir schicken Ihnen am Tag vor dem Termin und eine Stunde vor Beginn eine Erinnerung',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	// The day's pass: its recordings, the same follow-up the owner fills in (decision 159).
	{
		file: 'content/site/events.yml',
		says: 'recordings afterwards',
		proof: [
			'tests/integration/day-follow-ups.test.ts',
			'each pass holder and each buyer of a pass not claimed yet gets the follow-up once',
		],
	},
	{
		file: 'app/routes/admin/admin.follow-ups.tsx',
		says: 'recordings afterwards',
		proof: [
			'tests/integration/day-follow-ups.test.ts',
			'each pass holder and each buyer of a pass not claimed yet gets the follow-up once',
		],
	},
	// Attendance through the joining link, and its certificate (decision 172).
	{
		file: 'app/routes/workshop/join.tsx',
		says: 'we e-mail you a certificate of attendance once it has ended',
		proof: [
			'tests/integration/certificates.test.ts',
			'a pass holder who opened the joining link during the day gets one certificate',
		],
	},
	{
		file: 'app/routes/workshop/workshop.confirm.tsx',
		says: 'We e-mail you a reminder with your joining link',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	{
		file: 'app/routes/workshop/workshop.move.tsx',
		says: 'on its way',
		proof: [
			'app/models/events/workshop-signup.server.test.ts',
			'a second sign-up for a known address changes nothing until the link in the e-mail',
		],
	},
	{
		file: 'app/routes/workshop/workshop.enrolled.tsx',
		says: 'We e-mail you a reminder with your joining link',
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: "We'll e-mail you a reminder with your joining link the day before the session",
		proof: ['tests/integration/event-reminders.test.ts', 'the day before, each registrant'],
	},
	// The day event: the double opt-in link, then reminders (decisions 116, 103).
	{
		file: 'app/components/day-words.ts',
		says: 'we send a link to complete your registration',
		proof: ['tests/integration/signups.test.ts', 'day event: the e-mail carries a signed link'],
	},
	{
		file: 'app/components/day-words.ts',
		says: 'We e-mail you a link to complete your registration, then news about the day',
		proof: ['tests/integration/signups.test.ts', 'day event: the e-mail carries a signed link'],
	},
	{
		file: 'app/routes/day/ai-driven-development-day.confirm.tsx',
		says: 'we will send you a new one',
		proof: ['tests/integration/signups.test.ts', 'day event: the e-mail carries a signed link'],
	},
	{
		file: 'app/routes/day/ai-driven-development-day.confirm.tsx',
		says: "We'll send the joining link to",
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/routes/day/ai-driven-development-day.enrolled.tsx',
		says: 'we e-mail you a reminder with the joining link the day before and an hour before',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/routes/day/ai-driven-development-day.enrolled.tsx',
		says: 'Check your inbox',
		proof: ['tests/integration/signups.test.ts', 'day event: the e-mail carries a signed link'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'We e-mail you a reminder with the joining link the day before and an hour before',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	// The buyer's pages in German (decision 176): the same messages, proved as the English ones.
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'Wir schreiben Ihnen, sobald es Neuigkeiten zum Kurs gibt',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'wir schreiben Ihnen',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'Wir schicken Ihnen Ihren Zugang jetzt, und jedem Platzinhaber seinen',
		proof: [
			'tests/integration/course-opening.test.ts',
			'bought after the opening: the receipt says access now',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'Wir schicken Ihnen Ihren Zugang jetzt per E-Mail',
		proof: [
			'tests/integration/course-opening.test.ts',
			'bought after the opening: the receipt says access now',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'Wir schicken Ihnen Ihren Zugang per E-Mail',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.transfer/words.ts',
		says: 'Wir senden Ihnen eine Rechnung mit unserer Bankverbindung und einem Verwendungszweck',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'a company buying 5 seats by transfer sees IBAN, reference, due date and its invoice',
		],
	},
	// The course's interest list: its confirmation, then the opening (decision 119).
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: "We'll e-mail you as soon as there is news about the course",
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'on its way to the address you gave, with the opening date as a calendar file',
		proof: ['tests/integration/signups.test.ts', 'course interest: the confirmation'],
	},
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'we e-mail you',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	// Once the course is open (decision 156): access now, news now and then.
	{
		file: 'app/domain/course-status.ts',
		says: 'we e-mail your access within minutes of your payment',
		proof: [
			'tests/integration/course-opening.test.ts',
			'bought after the opening: the receipt says access now',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'we e-mail your access now, and each seat holder theirs once they claim their seat',
		proof: [
			'tests/integration/course-opening.test.ts',
			'bought after the opening: the receipt says access now',
		],
	},
	{
		file: 'app/routes/checkout/enrolled.tsx',
		says: 'on its way to the address you gave',
		proof: ['tests/integration/signups.test.ts', 'course interest: the confirmation'],
	},
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'we e-mail them a confirmation now and their access within minutes',
		proof: [
			'tests/integration/course-opening.test.ts',
			'a seat claimed after the opening brings its holder their access',
		],
	},
	{
		file: 'app/components/course-landing.tsx',
		says: 'We e-mail you now and then with news of the course',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'We write now and then with news of the course: nothing else',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/components/course-landing.tsx',
		says: 'We e-mail you when the course opens, and now and then with news of it',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'We write when the course opens, and now and then with news of it',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	// Receipts, passes and seats (decisions 113, 118, 119).
	{
		file: 'app/routes/checkout/checkout.success.tsx',
		says: 'on its way to your inbox',
		proof: ['tests/integration/tell-people.test.ts', 'a course receipt talks about seats'],
	},
	{
		file: 'app/routes/checkout/checkout.success.tsx',
		says: 'on its way to the address you paid with',
		proof: ['tests/integration/tell-people.test.ts', 'a course receipt talks about seats'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'on its way to ${email',
		proof: ['tests/integration/tell-people.test.ts', 'without SITE_URL a receipt carries'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'on its way to the address you paid with',
		proof: ['tests/integration/tell-people.test.ts', 'without SITE_URL a receipt carries'],
	},
	// A delayed payment on its way: its page and e-mail, what comes when the money arrives or
	// does not (decision 164).
	{
		file: 'app/domain/delayed-payment.ts',
		says: 'we e-mail your receipt with its invoice',
		proof: [
			'tests/integration/delayed-payments-stripe.test.ts',
			'completed unpaid, then succeeded: paid as any card, with passes, a receipt and an invoice',
		],
	},
	{
		file: 'app/domain/delayed-payment.ts',
		says: 'we e-mail you a link to pay by card instead',
		proof: [
			'tests/integration/delayed-payments-stripe.test.ts',
			'completed unpaid, then failed: the seats go back and the buyer gets a link to pay by card',
		],
	},
	{
		file: 'app/components/payment-on-its-way.tsx',
		says: 'on its way',
		proof: [
			'tests/integration/delayed-payments-pages.test.ts',
			'completed unpaid: the processing page and the owner’s order page say the payment is on its way',
		],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'on its way',
		proof: [
			'tests/integration/delayed-payments-stripe.test.ts',
			'completed unpaid: the order waits for its money with its seats held 14 days, and the buyer is told it is on its way',
		],
	},
	{
		file: 'app/routes/admin/admin.orders.$id/route.tsx',
		says: 'on its way, seats held until',
		proof: [
			'tests/integration/delayed-payments-pages.test.ts',
			'completed unpaid: the processing page and the owner’s order page say the payment is on its way',
		],
	},
	// A payment refunded by its coupon's rule: the page says why, the e-mail follows (decision 152).
	{
		file: 'app/routes/checkout/checkout.processing/words.ts',
		says: 'on its way',
		proof: ['tests/integration/coupon-payments.test.ts', 'one per buyer: the same mailbox paying'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'we e-mail every pass holder a reminder with the joining link',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'We e-mail each seat holder their access',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.thank-you/words.ts',
		says: 'We e-mail you your access',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail each seat holder their access',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail your access',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail every pass holder a reminder with the joining link',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail you a reminder with the joining link',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'we e-mail them a confirmation, and their access when the course opens',
		proof: ['tests/integration/seats.test.ts', 'its holder gets a confirmation about the course'],
	},
	{
		file: 'app/routes/day/pass.$id._index.tsx',
		says: 'we e-mail them a confirmation with the date and the calendar file',
		proof: ['tests/integration/tell-people.test.ts', 'a claimed pass e-mails its holder'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'on its way to the address given with the claim',
		proof: ['tests/integration/tell-people.test.ts', 'a claimed pass e-mails its holder'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'We e-mail the access to that address',
		proof: ['tests/integration/bulk-send.test.ts', 'each buyer and seat holder gets one access'],
	},
	{
		file: 'app/routes/day/pass.$id.thank-you.tsx',
		says: 'We e-mail that address a reminder',
		proof: ['tests/integration/event-reminders.test.ts', 'confirmed registrants of the day'],
	},
	{
		file: 'app/db/seed-data.ts',
		says: 'we send an invoice your company can file',
		proof: ['tests/integration/invoices.test.ts', 'the receipt links to the invoice'],
	},
	{
		file: 'content/legal/terms-conditions.mdx',
		says: 'we send you a confirmation e-mail',
		proof: ['tests/integration/tell-people.test.ts', 'without SITE_URL a receipt carries'],
	},
	// What we do not send (decisions 109, 120, 122).
	{
		file: 'app/routes/account/email-preferences.tsx',
		says: 'we send this address no messages from the course team or news',
		proof: ['tests/integration/email-preferences.test.ts', 'unsubscribing gives up list messages'],
	},
	{
		file: 'app/routes/account/email-preferences.tsx',
		says: 'we send you none for this event',
		proof: ['tests/integration/event-reminders.test.ts', 'stopping the reminders of one event'],
	},
	{
		file: 'content/legal/privacy-policy.mdx',
		says: 'we send, but receipts and the link that confirms a registration',
		proof: ['tests/integration/email-preferences.test.ts', 'sendEmail refuses a list message'],
	},
	{
		file: 'app/components/waitlist-form.tsx',
		says: 'we write only about this',
		proof: ['tests/integration/waitlist.test.ts', 'by e-mail with a signed link'],
	},
	{
		file: 'app/routes/waitlist/waitlist_.joined.tsx',
		says: 'we e-mail you a link that holds them for you',
		proof: ['tests/integration/waitlist.test.ts', 'by e-mail with a signed link'],
	},
	// Joining sends a link to confirm the address first (decision 130).
	{
		file: 'app/routes/waitlist/waitlist_.joined.tsx',
		says: 'Check your inbox to confirm your place',
		proof: ['tests/integration/waitlist.test.ts', 'an entry not confirmed has no place'],
	},
	{
		file: 'app/components/waitlist-form.tsx',
		says: 'We e-mail you a link to confirm your address',
		proof: ['tests/integration/waitlist.test.ts', 'an entry not confirmed has no place'],
	},
	{
		file: 'app/routes/waitlist/waitlist.tsx',
		says: 'we send: when some come back',
		proof: ['tests/integration/waitlist.test.ts', 'an entry not confirmed has no place'],
	},
	{
		file: 'app/routes/waitlist/waitlist_.confirm.$token.tsx',
		says: 'we send you a new link',
		proof: [
			'tests/integration/waitlist.test.ts',
			'a second join for a waiting address changes nothing',
		],
	},
	{
		file: 'app/routes/waitlist/waitlist_.confirm.$token.tsx',
		says: 'we e-mail you a link that holds them for you',
		proof: ['tests/integration/waitlist.test.ts', 'by e-mail with a signed link'],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we send about this checkout',
		proof: ['tests/integration/checkout-recovery.test.ts', 'gets one reminder a day, not one'],
	},
	// The owner's own pages about a send (decision 119).
	{
		file: 'app/routes/admin/admin.messages.new.tsx',
		says: 'on its way to ${submission',
		proof: ['tests/integration/bulk-send.test.ts', 'a test goes to the address given alone'],
	},
	{
		file: 'app/routes/admin/admin.messages.new.tsx',
		says: 'on its way to ${countOf(outcome',
		proof: ['tests/integration/bulk-send.test.ts', 'two workers send one message'],
	},
	{
		file: 'app/routes/admin/admin.messages._index.tsx',
		says: 'on their way',
		proof: ['tests/integration/bulk-send.test.ts', 'the course opens once'],
	},
	// Bank transfer against an invoice (decisions 163, 168): the invoice and bank details now,
	// the receipt with the seat links once the money is recorded.
	{
		file: 'app/routes/checkout/checkout.$id_.transfer/words.ts',
		says: 'We e-mail you an invoice with our bank details and a payment reference',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'a company buying 5 seats by transfer sees IBAN, reference, due date and its invoice',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.transfer/words.ts',
		says: 'on its way',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'one reminder goes before the due date while nothing has arrived',
		],
	},
	{
		file: 'app/routes/checkout/checkout.$id_.transfer/words.ts',
		says: 'we e-mail your receipt and the links to your',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'the second pays the order as a card does, with seat links and a receipt',
		],
	},
	{
		file: 'app/routes/admin/admin.orders.$id_.transfer.tsx',
		says: 'on their way to the buyer',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'the second pays the order as a card does, with seat links and a receipt',
		],
	},
	// The statement import's assignment pays the order as the form does (decision 170).
	{
		file: 'app/routes/admin/admin.transfers/route.tsx',
		says: 'on their way to the buyer',
		proof: [
			'tests/integration/bank-statement.test.ts',
			'the owner assigns an unmatched credit to an order by its reference, once, and the buyer gets the receipt',
		],
	},
	{
		file: 'app/integrations/email/templates.tsx',
		says: 'we e-mail your receipt and the links to your',
		proof: [
			'tests/integration/bank-transfer.test.ts',
			'the second pays the order as a card does, with seat links and a receipt',
		],
	},
]

function* filesOf(entry: string): Generator<string> {
	const full = path.join(ROOT, entry)
	if (fs.statSync(full).isFile()) {
		yield entry
		return
	}
	for (const child of fs.readdirSync(full, { withFileTypes: true })) {
		const relative = path.posix.join(entry, child.name)
		if (child.isDirectory()) yield* filesOf(relative)
		else if (/\.(tsx?|ya?ml|mdx?)$/.test(child.name) && !/\.test\.tsx?$/.test(child.name))
			yield relative
	}
}

/** Every promise in the sources, outside code comments: file and words. */
function promisesFound() {
	const found: { file: string; words: string }[] = []
	for (const file of SOURCES.flatMap((entry) => [...filesOf(entry)]))
		for (const line of fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
			if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue
			for (const match of line.matchAll(PROMISE)) found.push({ file, words: match[0] })
		}
	return found
}

const covers = (entry: (typeof PROMISES)[number], promise: { file: string; words: string }) =>
	entry.file === promise.file && promise.words.toLowerCase().includes(entry.says.toLowerCase())

describe('every promise of a message names the test that proves it is sent', () => {
	test('each promise in a page, an e-mail or the content is listed with its proof', () => {
		const unlisted = promisesFound().filter(
			(promise) => !PROMISES.some((entry) => covers(entry, promise)),
		)
		expect(unlisted).toEqual([])
	})

	test('each listed promise is still said where it is listed', () => {
		const found = promisesFound()
		const gone = PROMISES.filter((entry) => !found.some((promise) => covers(entry, promise)))
		expect(gone).toEqual([])
	})

	test.each(PROMISES.map((entry) => [entry.says, entry.proof] as const))(
		'“%s” is proved by a test that exists',
		(_says, [testFile, title]) => {
			const source = fs.readFileSync(path.join(ROOT, testFile), 'utf8')
			const titles = [...source.matchAll(/\btest(?:\.each\([^)]*\))?\(\s*(['"`])(.*?)\1/g)].map(
				(match) => match[2]!,
			)
			expect(titles.some((name) => name.includes(title))).toBe(true)
		},
	)
})
