/**
 * A gift bought on a German page (decision 174): its recipient's e-mail in the buyer's language,
 * the English one's parts (templates.tsx) in German words, its claim link to the German page.
 */
import { type EmailContent, emailParts } from './templates'

const { A, GiftMessage, Layout, P, renderEmail } = emailParts
const locale = 'de-DE'

/** templates.tsx's giftDelivered, in German. */
export function giftDelivered(data: {
	recipientName: string
	buyerName: string | null
	itemName: string
	message: string
	passUrl: string
}): Promise<EmailContent> {
	const from = data.buyerName ?? 'Jemand'
	return renderEmail(
		'giftDelivered',
		`Ein Geschenk für Sie: ${data.itemName}`,
		<Layout locale={locale} preview={`${from} schenkt Ihnen ${data.itemName}.`}>
			<P>{`Hallo ${data.recipientName},`}</P>
			<P>
				{from} schenkt Ihnen {data.itemName}.
			</P>
			{data.message ? <GiftMessage message={data.message} /> : null}
			<P>
				Öffnen Sie den Link, um es mit Ihrem Namen und Ihrer E-Mail-Adresse einzulösen: Es lässt
				sich einmal einlösen.
			</P>
			<P>
				<A href={data.passUrl}>Geschenk einlösen</A>: {data.passUrl}
			</P>
		</Layout>,
	)
}
