/**
 * /admin/audit: every action an owner took (docs/decisions/081) — sign-ins, refunds, receipts,
 * pass reassignments, e-mail retries, exports — who, what, when, before and after; newest first.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AuditTable } from '~/components/admin/audit-table'
import { AdminHeading, adminMeta, Pager } from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { listAuditLog } from '~/models/audit/audit.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Audit log')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const after = new URL(request.url).searchParams.get('after')
	const log = await listAuditLog(await getDb(), after)
	return data(log, { headers: ADMIN_HEADERS })
}

export const action = ownerOnlyAction

export default function AdminAudit() {
	const { entries, next } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="Audit log" />
			<AuditTable entries={entries} />
			<Pager query="" next={next} />
		</>
	)
}
