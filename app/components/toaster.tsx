import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Icon } from '~/components/icons'
import { useHydrated } from '~/components/use-hydrated'
import { t } from '~/utils/i18n'
import {
	dismissToast,
	TOAST_DURATION_MS,
	type Toast,
	type ToastInput,
	type ToastPosition,
	toast,
	toastStore,
} from '~/utils/toast'

const noToasts: Toast[] = []

// 16 px between toasts; 24rem wide from the small breakpoint up, full width below (SPEC §9).
const positions: Record<ToastPosition, string> = {
	'bottom-right': 'bottom-0 right-0',
	'bottom-left': 'bottom-0 left-0',
	'top-right': 'top-0 right-0',
	'top-left': 'top-0 left-0',
}

const accents: Record<Toast['type'], string> = {
	info: 'border-l-indigo-500',
	success: 'border-l-emerald-500',
	error: 'border-l-red-500',
}

/**
 * Where toasts appear: one polite live region, present from the first render so screen readers
 * announce what is added. A toast from the server's flash cookie renders on the server too.
 */
export function Toaster({
	flash,
	position = 'bottom-right',
}: {
	flash?: (ToastInput & { id: string }) | null
	position?: ToastPosition
}) {
	const hydrated = useHydrated()
	const list = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts, () => noToasts)
	useEffect(() => {
		if (flash) toast(flash)
	}, [flash])
	// Before hydration (and without JavaScript) the flash toast is all there is.
	const shown: Toast[] =
		hydrated || !flash
			? list
			: [
					{
						type: 'info',
						duration: TOAST_DURATION_MS,
						description: undefined,
						...flash,
						open: true,
					},
				]
	return (
		<section
			aria-label={t('notifications')}
			className={`pointer-events-none fixed z-50 w-full p-4 sm:max-w-[24rem] ${positions[position]}`}
		>
			<ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-4">
				{shown.map((item) => (
					<ToastItem key={item.id} item={item} hydrated={hydrated} />
				))}
			</ol>
		</section>
	)
}

function ToastItem({ item, hydrated }: { item: Toast; hydrated: boolean }) {
	const location = useLocation()
	const [paused, setPaused] = useState(false)
	const remaining = useRef(item.duration)
	const Close = (hydrated ? 'button' : 'a') as 'button'

	// Counts down while open and not hovered or focused; the rest resumes where it stopped.
	useEffect(() => {
		if (!item.open || paused || item.duration === 0) return
		const started = Date.now()
		const timer = setTimeout(() => dismissToast(item.id), remaining.current)
		return () => {
			clearTimeout(timer)
			remaining.current -= Date.now() - started
		}
	}, [item.open, item.id, item.duration, paused])

	return (
		<li
			data-state={item.open ? 'open' : 'closed'}
			data-type={item.type}
			onPointerEnter={() => setPaused(true)}
			onPointerLeave={() => setPaused(false)}
			onFocus={() => setPaused(true)}
			onBlur={() => setPaused(false)}
			className={`pointer-events-auto flex items-start gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-4 text-slate-900 shadow-lg duration-200 motion-safe:transition data-[state=closed]:translate-y-2 data-[state=closed]:opacity-0 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${accents[item.type]}`}
		>
			<div className="min-w-0 flex-1">
				<p className="font-semibold">{item.title}</p>
				{item.description ? (
					<p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.description}</p>
				) : null}
			</div>
			{/* Without JavaScript, a link to this page: the flash cookie is spent, so it closes. */}
			<Close
				{...(hydrated
					? { type: 'button', onClick: () => dismissToast(item.id) }
					: { href: `${location.pathname}${location.search}` })}
				className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
			>
				<Icon name="close" className="h-4 w-4" />
				<span className="sr-only">{t('close')}</span>
			</Close>
		</li>
	)
}
