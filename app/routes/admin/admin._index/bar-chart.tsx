/**
 * A bar chart drawn as SVG on the server (docs/decisions/084): no chart library, no script, so
 * the overview works without JavaScript and weighs nothing in the browser. Each bar carries a
 * <title> (its value on hover), and the figures are also in a table beside each chart for
 * screen readers and copying.
 */

export type Bar = { label: string; value: number }

const WIDTH = 640
const HEIGHT = 160
const AXIS = 18

export function BarChart({
	title,
	bars,
	format = String,
}: {
	title: string
	bars: readonly Bar[]
	format?: (value: number) => string
}) {
	const max = Math.max(1, ...bars.map((bar) => bar.value))
	const slot = WIDTH / Math.max(1, bars.length)
	const gap = Math.min(4, slot * 0.2)
	const plot = HEIGHT - AXIS
	// Label every nth bar so the labels never overlap (about 10 on the axis).
	const every = Math.max(1, Math.ceil(bars.length / 10))
	const total = bars.reduce((sum, bar) => sum + bar.value, 0)
	return (
		<figure className="w-full">
			<figcaption className="mb-1 text-sm font-medium">
				{title}{' '}
				<span className="font-normal text-slate-600 dark:text-slate-400">· max {format(max)}</span>
			</figcaption>
			<svg
				viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
				role="img"
				aria-label={`${title}: ${bars.length} bars, total ${format(total)}`}
				className="h-auto w-full text-indigo-600 dark:text-indigo-400"
				preserveAspectRatio="none"
			>
				<line x1={0} y1={plot} x2={WIDTH} y2={plot} stroke="currentColor" strokeOpacity={0.3} />
				{bars.map((bar, index) => {
					const height = (bar.value / max) * (plot - 4)
					const x = index * slot + gap / 2
					return (
						<g key={bar.label}>
							<rect
								x={x}
								y={plot - height}
								width={Math.max(1, slot - gap)}
								height={height}
								fill="currentColor"
							>
								<title>{`${bar.label}: ${format(bar.value)}`}</title>
							</rect>
							{index % every === 0 ? (
								<text
									x={x}
									y={HEIGHT - 4}
									fontSize={10}
									fill="currentColor"
									className="text-slate-600 dark:text-slate-400"
								>
									{bar.label.length === 10 ? bar.label.slice(5) : bar.label}
								</text>
							) : null}
						</g>
					)
				})}
			</svg>
		</figure>
	)
}
