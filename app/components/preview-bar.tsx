import { useLocation } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { t } from '~/utils/i18n'

/** Shown on every page in preview mode (SPEC §2): what is going on and the way out. */
export function PreviewBar({ staging }: { staging: boolean }) {
	const location = useLocation()
	const leave = new URLSearchParams(location.search)
	leave.set('preview', 'false')
	return (
		<aside
			aria-label={t('previewMode')}
			className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-sm font-medium text-slate-950"
		>
			<p className="flex items-center gap-2">
				<Icon name="eye" className="h-4 w-4" />
				{staging ? t('stagingPreview') : t('previewMode')}: drafts are visible.
			</p>
			<a
				href={`${location.pathname}?${leave}`}
				className="underline underline-offset-4 hover:no-underline"
			>
				{t('leavePreview')}
			</a>
		</aside>
	)
}
