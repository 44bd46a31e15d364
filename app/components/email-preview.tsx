/**
 * One e-mail as its recipient gets it (issue 36 item 14), for the outbox viewer (/__outbox) and
 * the dashboard's e-mail page: the text version with its links clickable, the HTML version in
 * a sandboxed frame, and the attachments by name. The frame runs nothing (`sandbox` without
 * `allow-scripts`, and a srcdoc frame keeps the page's CSP); its links open in a new tab
 * (`allow-popups`, a `<base target>`), outside the sandbox, as they would from a mail client.
 */
import type { AttachmentSummary } from '~/domain/email-attachment'

// A URL in a text e-mail ends at white space or the punctuation that closes a sentence.
const URL_PATTERN = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])/g

function TextWithLinks({ text }: { text: string }) {
	return text.split(URL_PATTERN).map((part, index) =>
		index % 2 === 1 ? (
			<a
				// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
				key={index}
				href={part}
				target="_blank"
				rel="noreferrer"
				className="text-indigo-700 underline dark:text-indigo-300"
			>
				{part}
			</a>
		) : (
			part
		),
	)
}

/** The HTML version with its links opening a new tab, the way a mail client opens them. */
export function framedHtml(html: string): string {
	const base = '<base target="_blank">'
	return /<head[^>]*>/i.test(html)
		? html.replace(/<head[^>]*>/i, (head) => head + base)
		: base + html
}

const formatBytes = (bytes: number) =>
	bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 102.4) / 10} KB`

export function EmailPreview({
	text,
	html,
	attachments,
}: {
	text: string
	html: string | null
	attachments: AttachmentSummary[]
}) {
	return (
		<>
			<h3 className="mt-6 mb-2 font-semibold">Text</h3>
			<pre className="whitespace-pre-wrap break-words rounded border border-slate-200 p-4 font-sans text-sm dark:border-slate-800">
				<TextWithLinks text={text} />
			</pre>
			{html ? (
				<>
					<h3 className="mt-6 mb-2 font-semibold">HTML</h3>
					<iframe
						title="HTML version"
						sandbox="allow-popups allow-popups-to-escape-sandbox"
						srcDoc={framedHtml(html)}
						className="h-[32rem] w-full rounded border border-slate-200 bg-white dark:border-slate-800"
					/>
				</>
			) : null}
			{attachments.length > 0 ? (
				<>
					<h3 className="mt-6 mb-2 font-semibold">Attachments</h3>
					<ul aria-label="Attachments" className="list-disc pl-6 text-sm">
						{attachments.map((attachment) => (
							<li key={attachment.filename}>
								{attachment.filename} ({attachment.contentType}, {formatBytes(attachment.bytes)})
							</li>
						))}
					</ul>
				</>
			) : null}
		</>
	)
}
