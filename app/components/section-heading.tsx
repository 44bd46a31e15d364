/** A section's heading with an optional lead paragraph. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
	return (
		<div className="mb-6">
			<h2 id={id} className="text-2xl font-bold tracking-tight">
				{title}
			</h2>
			{lead ? <p className="mt-2 text-slate-700 dark:text-slate-300">{lead}</p> : null}
		</div>
	)
}
