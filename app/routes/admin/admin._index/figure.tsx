/** The overview's pieces: a figure with its label, and a titled section. */
export function Figure({ label, value }: { label: string; value: string | number }) {
	return (
		<div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
			<dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
			<dd className="text-xl font-semibold">{value}</dd>
		</div>
	)
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
	const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
	return (
		<section aria-labelledby={id} className="mt-10">
			<h2 id={id} className="mb-3 text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}
