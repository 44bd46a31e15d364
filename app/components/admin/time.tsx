/**
 * A time in the owner's dashboard (docs/decisions/111): the owner's wall-clock time to the
 * minute, the exact UTC value on hover (`title`) and in `dateTime`. The zone comes from the
 * dashboard layout's loader.
 */
import { useRouteLoaderData } from '@remix-run/react'
import { formatInZone } from '~/domain/time'
import { formatTime } from './ui'

/** The owner's zone, as the dashboard layout's loader gives it. */
export function useOwnerTimeZone(): string {
	const data = useRouteLoaderData('routes/admin') as { timeZone?: string } | undefined
	return data?.timeZone ?? 'UTC'
}

export function Time({ value }: { value: string | null }) {
	const timeZone = useOwnerTimeZone()
	if (!value) return <>—</>
	return (
		<time dateTime={value} title={formatTime(value)} className="whitespace-nowrap">
			{formatInZone(value, timeZone)}
		</time>
	)
}
