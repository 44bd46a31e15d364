import { Outlet } from '@remix-run/react'
import { WorkshopLayout } from '~/components/layouts'

/** The workshop's own layout (SPEC §2) for /workshop and /workshop/enrolled. */
export default function Workshop() {
	return (
		<WorkshopLayout>
			<Outlet />
		</WorkshopLayout>
	)
}
