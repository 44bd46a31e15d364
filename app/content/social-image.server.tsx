/**
 * A social image (Open Graph / Twitter card, 1200×630 PNG) per blog post and cheatsheet, drawn
 * at build time: satori lays the card out as SVG with the text as paths (so no system fonts
 * are needed), resvg turns it into a PNG. The file name carries a hash of the picture, so the
 * server can cache it forever under /build/.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import { site } from '~/site'

const WIDTH = 1200
const HEIGHT = 630

const require = createRequire(import.meta.url)
let fonts: Parameters<typeof satori>[1]['fonts'] | undefined

function loadFonts() {
	fonts ??= ([400, 700] as const).map((weight) => ({
		name: 'Inter',
		weight,
		style: 'normal' as const,
		data: fs.readFileSync(
			require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
		),
	}))
	return fonts
}

export async function renderSocialImage({
	title,
	eyebrow,
	description,
	outDir,
	name,
}: {
	title: string
	eyebrow: string
	description: string
	outDir: string
	name: string
}): Promise<{ fileName: string; width: number; height: number }> {
	const svg = await satori(
		<div
			style={{
				// The padding sits inside the card, not around it.
				width: WIDTH - 160,
				height: HEIGHT - 144,
				display: 'flex',
				flexDirection: 'column',
				justifyContent: 'space-between',
				padding: '72px 80px',
				backgroundColor: '#020617',
				backgroundImage: 'linear-gradient(135deg, #1e1b4b 0%, #020617 60%)',
				color: '#f8fafc',
				fontFamily: 'Inter',
			}}
		>
			<div style={{ display: 'flex', flexDirection: 'column' }}>
				<div
					style={{
						display: 'flex',
						fontSize: 28,
						fontWeight: 700,
						color: '#a5b4fc',
						textTransform: 'uppercase',
						letterSpacing: 4,
					}}
				>
					{eyebrow}
				</div>
				<div
					style={{
						display: 'flex',
						marginTop: 24,
						fontSize: title.length > 60 ? 56 : 68,
						fontWeight: 700,
						lineHeight: 1.1,
					}}
				>
					{title}
				</div>
				<div
					style={{
						display: 'flex',
						marginTop: 28,
						fontSize: 28,
						lineHeight: 1.4,
						color: '#cbd5e1',
					}}
				>
					{description.length > 150 ? `${description.slice(0, 147)}…` : description}
				</div>
			</div>
			<div style={{ display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 700 }}>
				<div
					style={{
						width: 20,
						height: 20,
						borderRadius: 10,
						backgroundColor: '#6366f1',
						marginRight: 16,
					}}
				/>
				<div style={{ display: 'flex' }}>{site.title}</div>
			</div>
		</div>,
		{ width: WIDTH, height: HEIGHT, fonts: loadFonts() },
	)
	const png = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng()
	const hash = crypto.createHash('sha256').update(png).digest('hex').slice(0, 10)
	const fileName = `${name}-${hash}.png`
	fs.writeFileSync(path.join(outDir, fileName), png)
	return { fileName, width: WIDTH, height: HEIGHT }
}
