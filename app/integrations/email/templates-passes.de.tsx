/**
 * A pass's (or shared seat's) e-mails in German (decision 177): the link the owner sent to a new
 * person, the notice to whoever had the old link, the refunded pass's notice to its holder and
 * the notice to a holder's old address. Written in the holder's language (`passes.locale`, the
 * page it was claimed on) or, before a claim, the order's; the English ones' parts in German
 * words. Picked through `orderTemplates(locale)`.
 */
import { pluralWord, unitsOf } from '~/domain/words'
import { type EmailContent, emailParts, type OrderKind } from './templates'

const { A, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'

const unitOf = (kind: OrderKind, count = 1) => pluralWord(count, unitsOf(kind, locale), locale)
/** "Ihr Pass", "Ihr Platz": both units are masculine in German. */
const yours = (kind: OrderKind) => `Ihr ${unitOf(kind)}`
const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')

/** templates.tsx's passAssigned, in German: the order's language, as the holder has none yet. */
export function passAssigned(data: {
	itemName: string
	passUrl: string
	kind: OrderKind
}): Promise<EmailContent> {
	return renderEmail(
		'passAssigned',
		`Ihr ${data.itemName}`,
		<Layout preview={`Ein ${data.itemName} gehört Ihnen.`} locale={locale}>
			<P>{greeting()}</P>
			<P>
				Ein {data.itemName} gehört Ihnen. Öffnen Sie den Link, um ihn mit Ihrem Namen und Ihrer
				E-Mail-Adresse einzulösen: Er lässt sich einmal einlösen.
			</P>
			<P>
				<A href={data.passUrl}>{yours(data.kind)}</A>
			</P>
		</Layout>,
	)
}

/** templates.tsx's passMovedAway, in German: the old link of a pass stopped working. */
export function passMovedAway(data: {
	itemName: string
	orderId: string
	kind: OrderKind
}): Promise<EmailContent> {
	const units = unitOf(data.kind, 2)
	return renderEmail(
		'passMovedAway',
		`Ein ${data.itemName} hat einen neuen Link`,
		<Layout preview={`Ein ${data.itemName} ging an jemand anderen.`} locale={locale}>
			<P>{greeting()}</P>
			<P>
				Einer der {units} der Bestellung {data.orderId} ({data.itemName}) hat einen neuen Link
				bekommen und ging an jemand anderen. Der Link, den Sie dafür hatten, gilt nicht mehr.
			</P>
			<NextSteps
				locale={locale}
				steps={[`Ihre anderen ${units}, falls die Bestellung mehr hat, bleiben wie sie sind.`]}
				links={[]}
			/>
		</Layout>,
	)
}

/** templates.tsx's passRefunded, in German: to a holder who claimed on a German page. */
export function passRefunded(data: {
	holderName?: string | null
	itemName: string
	kind: OrderKind
	alone?: boolean
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'passRefunded',
		`Ihr ${data.itemName} ist storniert`,
		<Layout preview={`Ihr ${data.itemName} gilt nicht mehr.`} locale={locale}>
			<P>{greeting(data.holderName)}</P>
			<P>
				{data.alone
					? `Ihr ${data.itemName} wurde der Person erstattet, die ihn gekauft hat, und gilt daher nicht mehr.`
					: `Die Bestellung, aus der Ihr ${data.itemName} stammt, wurde erstattet, daher gilt der ${unit} nicht mehr.`}
			</P>
			<NextSteps
				locale={locale}
				steps={[
					`Wenn Sie trotzdem dabei sein möchten, fragen Sie die Person, die Ihnen den ${unit} gegeben hat, oder kaufen Sie einen auf der Website.`,
				]}
				links={[]}
			/>
		</Layout>,
	)
}

/** templates.tsx's holderAddressChanged, in German: to the old address, never naming the new. */
export function holderAddressChanged(data: {
	itemName: string
	kind: OrderKind
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'holderAddressChanged',
		`Ihr ${data.itemName} geht jetzt an eine andere Adresse`,
		<Layout
			preview={`Die E-Mails zu Ihrem ${data.itemName} gehen ab jetzt an eine andere Adresse.`}
			locale={locale}
		>
			<P>{greeting()}</P>
			<P>
				Beim {data.itemName}, der mit dieser E-Mail-Adresse eingelöst wurde, ist die Adresse auf
				Wunsch der kaufenden oder der teilnehmenden Person korrigiert worden. Seine E-Mails (
				{data.kind === 'course'
					? 'der Zugang zum Kurs'
					: 'der Link zur Teilnahme und die Erinnerungen'}
				) gehen ab jetzt an die korrigierte Adresse, und die Links, die hierher geschickt wurden,
				gelten nicht mehr.
			</P>
			<NextSteps
				locale={locale}
				steps={[
					`Wenn Sie das nicht erwartet haben, sagen Sie es der Person, die Ihnen den ${unit} gegeben hat.`,
				]}
				links={[]}
			/>
		</Layout>,
	)
}
