import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { summarizeAttachments } from '~/domain/email-attachment'
import { EmailPreview, framedHtml } from './email-preview'

describe('an e-mail in the outbox viewers (issue 36 item 14)', () => {
	test('the HTML version is in a frame that runs no script, its links opening a new tab', () => {
		const html = renderToStaticMarkup(
			<EmailPreview
				text="Hi"
				html={
					'<html><head></head><body><a href="https://x.example">x</a><script>alert(1)</script></body></html>'
				}
				attachments={[]}
			/>,
		)
		const sandbox = html.match(/<iframe[^>]*sandbox="([^"]*)"/)?.[1]
		expect(sandbox).toBeDefined()
		expect(sandbox).not.toContain('allow-scripts')
		expect(sandbox).not.toContain('allow-same-origin')
		expect(html).toContain('srcDoc="&lt;html&gt;&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;')
		expect(framedHtml('<p>no head</p>')).toBe('<base target="_blank"><p>no head</p>')
	})

	test('the text version has its links clickable, without the punctuation that follows them', () => {
		const html = renderToStaticMarkup(
			<EmailPreview
				text={'Confirm: https://site.example/confirm?token=a.b. Or (https://site.example/x).'}
				html={null}
				attachments={[]}
			/>,
		)
		expect(html).toContain('href="https://site.example/confirm?token=a.b"')
		expect(html).toContain('href="https://site.example/x"')
		expect(html).not.toContain('<iframe')
	})

	test('attachments are listed by name, type and size', () => {
		const attachments = summarizeAttachments([
			{ filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
			{
				filename: 'invoice.pdf',
				contentType: 'application/pdf',
				content: Buffer.alloc(3000).toString('base64'),
				encoding: 'base64',
			},
		])
		expect(attachments).toEqual([
			{ filename: 'event.ics', contentType: 'text/calendar', bytes: 15 },
			{ filename: 'invoice.pdf', contentType: 'application/pdf', bytes: 3000 },
		])
		const html = renderToStaticMarkup(
			<EmailPreview text="" html={null} attachments={attachments} />,
		)
		expect(html).toContain('event.ics (text/calendar, 15 bytes)')
		expect(html).toContain('invoice.pdf (application/pdf, 2.9 KB)')
	})
})
