import type { FieldMetadata } from '@conform-to/react'
import { getInputProps } from '@conform-to/react'
import type { InputHTMLAttributes } from 'react'

/**
 * A labelled input wired to its conform field: aria-invalid, aria-describedby and the first
 * error, rendered on the server too, so the form explains itself without JavaScript.
 */
export function Field({
	label,
	field,
	type = 'text',
	hint,
	...props
}: {
	label: string
	// biome-ignore lint/suspicious/noExplicitAny: any field type
	field: FieldMetadata<any>
	type?: 'text' | 'email' | 'tel'
	hint?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>) {
	const errorId = field.errors?.length ? field.errorId : undefined
	const hintId = hint ? field.descriptionId : undefined
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={field.id} className="text-sm font-medium">
				{label}
			</label>
			<input
				{...getInputProps(field, { type, ariaAttributes: true })}
				{...props}
				aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
				className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
			/>
			{hint ? (
				<p id={field.descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
					{hint}
				</p>
			) : null}
			<p id={field.errorId} className="min-h-5 text-sm text-red-700 dark:text-red-400">
				{field.errors?.[0]}
			</p>
		</div>
	)
}
