/**
 * Button looks, apart from the button components (button.tsx): a page whose calls to action are
 * links, like `/`, then loads the looks and not the form buttons' code.
 */
export type ButtonVariant = 'primary' | 'secondary'

const variants: Record<ButtonVariant, string> = {
	primary: 'bg-indigo-600 text-white hover:bg-indigo-500',
	secondary:
		'border border-slate-300 text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
}

/** Button looks, also for links that act as calls to action. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
	return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold aria-disabled:cursor-progress aria-disabled:opacity-80 ${variants[variant]} ${extra}`
}
